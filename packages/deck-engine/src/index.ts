// The one entry point of @deck-portal/deck-engine: template library, deck building, picture
// fetching and the three renderers. Knows nothing of HTTP or databases.
export { DEFAULT_BRAND, type BrandDefinition } from './library/brand.ts';
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
export {
  fetchImage,
  IMAGE_FETCH_DEFAULTS,
  type FetchImageOptions,
  type FetchImageResult,
} from './images/fetch-image.ts';
export { isAllowedAddress } from './images/address-policy.ts';
export {
  checkPicture,
  resolveImages,
  type PictureCheck,
  type ResolveImagesOptions,
} from './images/resolve-images.ts';
export type { ImageStore, ResolvedImage } from './images/image-store.ts';
export {
  renderDeck,
  type RenderDeckOptions,
  type RenderedDeck,
  type RenderProgress,
} from './render/render-deck.ts';
export { generateDeck, type GenerateDeckOptions } from './generate-deck.ts';
export {
  preflightDeck,
  preflightSlide,
  SMALLEST_READABLE_SIZE,
  type PreflightOptions,
} from './preflight/preflight-slide.ts';
export { preflightDeckSlides, preflightLibrary } from './preflight/preflight-library.ts';
export {
  CERTIFICATE_TITLE,
  formatAcceptedAt,
  NOT_A_SIGNATURE,
  renderAcceptanceCertificate,
  type AcceptanceCertificate,
  type AcceptanceCertificateOptions,
} from './certificate/acceptance-certificate.ts';
export { appendPdf } from './certificate/append-pdf.ts';
// The worker pool is its own entry, `@deck-portal/deck-engine/pool`: a process that only renders
// (a pool worker, a script) never loads the thread-pool library.
export type {
  DeckRenderer,
  DeckRendererOptions,
  DeckRendererPool,
  EditedDeckRenderOptions,
} from './worker/deck-renderer.ts';
// The editable link (issue 49): an edited deck drawn as it is, a deck's own file read back.
export { readDeckIdentity, type DeckIdentity } from './edited/deck-identity.ts';
export {
  generateEditedDeck,
  previewEditedSlide,
  type EditedDeckOptions,
} from './edited/draw-edited.ts';
export {
  readEditedDeck,
  type ReadEditedOptions,
  type ReadEditedResult,
} from './edited/read-edited.ts';
export { computesFromQuote } from './edited/slide-plan.ts';
export { checkFont, type CheckedFont, type FontCheck } from './layout/check-font.ts';
export { brandFontFamily, useBrandFonts } from './library/brand.ts';
export { applyFieldChoices, type FieldSuggestion } from './import/fields.ts';
export { IMPORTED_CATEGORY, importPptx, type ImportedSlide } from './import/import-pptx.ts';
export {
  importPresentation,
  type ImportedSlideResult,
  type ImportTaskResult,
} from './import-presentation.ts';
export { legacyFileReason, presentationFileKind } from './import/pptx-package.ts';
export { parseXmlDocument, type XmlElement } from './import/xml-tree.ts';
export { officeConfinement, type OfficeConfinement } from './import/office-render.ts';
