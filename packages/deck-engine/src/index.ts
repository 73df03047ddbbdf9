// The entry point of @deck-portal/deck-engine: what `./library` holds (template library,
// layout, preflight, checks), picture fetching and the three renderers. Knows nothing of HTTP or
// databases. The server's web process imports `./library`, never this: the renderers are for
// the render workers. The importer, an edited deck's drawing and reading and the acceptance
// certificate load when first called (on-demand.ts).
export * from './library-entry.ts';
export {
  fetchImage,
  IMAGE_FETCH_DEFAULTS,
  type FetchImageOptions,
  type FetchImageResult,
} from './images/fetch-image.ts';
export { resolveImages, type ResolveImagesOptions } from './images/resolve-images.ts';
export type { ImageStore, ResolvedImage } from './images/image-store.ts';
export { renderDeck, type RenderDeckOptions } from './render/render-deck.ts';
export { generateDeck, type GenerateDeckOptions } from './generate-deck.ts';
// The editable link (issue 49): an edited deck drawn as it is, a deck's own file read back.
export {
  appendPdf,
  generateEditedDeck,
  importPptx,
  importPresentation,
  previewEditedSlide,
  readEditedDeck,
  renderAcceptanceCertificate,
} from './on-demand.ts';
export type { EditedDeckOptions } from './edited/draw-edited.ts';
export type { ReadEditedOptions } from './edited/read-edited.ts';
export type { ImportedSlide } from './import/import-pptx.ts';
