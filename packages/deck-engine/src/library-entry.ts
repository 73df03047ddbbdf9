// `@deck-portal/deck-engine/library`: what the server's web process uses — the template library
// and its seed, previews, preflight, the deck's layout, the checks of uploads (pictures, fonts,
// PowerPoint files) and formats — without the PDF and PPTX writers, which only the render
// workers load (`.`; the acceptance certificate too, through the pool). Text is measured here
// with the real fonts (preflight, previews), so the font parser and the shaper come along; a
// font file is read when a text first needs it.
export {
  brandFontFamily,
  DEFAULT_BRAND,
  useBrandFonts,
  type BrandDefinition,
} from './library/brand.ts';
export { TEMPLATE_CATEGORIES, withClientLabels } from './library/categories.ts';
export {
  createTemplateLibrary,
  listLayouts,
  listTemplateSlides,
  pricingSlides,
  type TemplateLibrary,
  type TemplateSlide,
} from './library/template-library.ts';
export type { LayoutDefinition } from './library/layouts.ts';
export { seedLibraryDocuments, withPricingSlides } from './library/template-seed.ts';
export {
  previewLibraryDocument,
  sampleFigureFindings,
  THUMBNAIL_SAMPLE,
  type DocumentPreview,
} from './thumbnails.ts';
export { buildDeck, formatDeckDate, type BuildDeckOptions } from './build-deck.ts';
export { charactersTheFontLacks } from './layout/fonts.ts';
export type * from './layout/model.ts';
export { SLIDE_HEIGHT, SLIDE_WIDTH } from './layout/model.ts';
export { isAllowedAddress } from './images/address-policy.ts';
export { checkPicture, type PictureCheck } from './images/resolve-images.ts';
export {
  preflightDeck,
  preflightSlide,
  SMALLEST_READABLE_SIZE,
  type PreflightOptions,
} from './preflight/preflight-slide.ts';
export { preflightDeckSlides, preflightLibrary } from './preflight/preflight-library.ts';
export { checkFont, type CheckedFont, type FontCheck } from './layout/check-font.ts';
export { readDeckIdentity, type DeckIdentity } from './edited/deck-identity.ts';
export { computesFromQuote } from './edited/slide-plan.ts';
export { applyFieldChoices, type FieldSuggestion } from './import/fields.ts';
export { legacyFileReason, presentationFileKind } from './import/pptx-package.ts';
export { parseXmlDocument, type XmlElement } from './import/xml-tree.ts';
export { officeConfinement, type OfficeConfinement } from './import/office-render.ts';
export type {
  AcceptanceCertificate,
  AcceptanceCertificateOptions,
} from './certificate/acceptance-certificate.ts';
// Types only: what the pool answers, named by the server without loading the renderers.
export type { RenderedDeck, RenderProgress } from './render/render-deck.ts';
export type { ImportedSlideResult, ImportTaskResult } from './import-presentation.ts';
export type { ReadEditedResult } from './edited/read-edited.ts';
// The worker pool is its own entry, `@deck-portal/deck-engine/pool`: a process that only renders
// (a pool worker, a script) never loads the thread-pool library.
export type {
  DeckRenderer,
  DeckRendererOptions,
  DeckRendererPool,
  EditedDeckRenderOptions,
} from './worker/deck-renderer.ts';
