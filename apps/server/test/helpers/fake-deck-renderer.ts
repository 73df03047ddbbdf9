import { readFile } from 'node:fs/promises';
import {
  appendPdf,
  importPresentation,
  readEditedDeck,
  renderAcceptanceCertificate,
  type DeckRenderer,
  type RenderedDeck,
} from '@deck-portal/deck-engine';
import {
  elementWords,
  type PlannedSlideKey,
  type SlideLink,
  type SlideProducts,
} from '@deck-portal/domain';

/**
 * A renderer that answers a deck of `slideCount` slides at once (with these linked words on its
 * first slide). Rendering is the deck engine's business, tested there; server tests that only
 * need a stored deck use this.
 */
export function createFakeDeckRenderer(
  slideCount = 3,
  {
    firstSlideLinks = [],
    slideProducts = [],
  }: {
    firstSlideLinks?: SlideLink[];
    /** Which products each slide of a generated deck is about (none when left out). */
    slideProducts?: SlideProducts;
  } = {},
): DeckRenderer {
  /** A deck of these slides, answered at once. */
  const deckOf = (
    plan: readonly PlannedSlideKey[],
    products: SlideProducts = [],
  ): RenderedDeck => ({
    pptx: Buffer.from('PK fake pptx'),
    pdf: Buffer.from('%PDF-1.7 fake'),
    svgs: plan.map(
      (_, i) => `<svg xmlns="http://www.w3.org/2000/svg"><text>Slide ${i + 1}</text></svg>`,
    ),
    slideTitles: plan.map((_, i) => `Slide title ${i + 1}`),
    slideLinks: plan.map((_, i) => (i === 0 ? firstSlideLinks : [])),
    warnings: [],
    missingPictures: [],
    slidePlan: [...plan],
    slideProducts: products,
  });
  return {
    async generate() {
      return deckOf(
        Array.from({ length: slideCount }, (_, i) => ({ key: `slide-${i + 1}`, priced: false })),
        slideProducts,
      );
    },
    async generateEdited(edited) {
      return deckOf(
        edited.slides.filter((slide) => !slide.hidden).map(({ key, priced }) => ({ key, priced })),
      );
    },
    // A file is read by the engine itself in this thread, as an import is.
    readEdited: (pptx, { onProgress, handOver: _handOver, ...options } = {}) =>
      readEditedDeck(pptx, {
        ...options,
        ...(onProgress ? { onProgress: (done, total) => onProgress({ done, total }) } : {}),
      }),
    async previewEditedSlide(slide) {
      const words = slide.document.elements.map((element) => elementWords(element)).join(' ');
      return `<svg xmlns="http://www.w3.org/2000/svg"><text>${words.replace(/[<&]/g, ' ')}</text></svg>`;
    },
    // Importing is the engine's own work in this thread: small files, real results.
    importPresentation: async (source, { onProgress, ...options } = {}) =>
      importPresentation(source instanceof Uint8Array ? source : await readFile(source.file), {
        ...options,
        ...(onProgress ? { onProgress: (done, total) => onProgress({ done, total }) } : {}),
      }),
    // The certificate is the engine's own work in this thread, as on a worker.
    acceptedPdf: async (deckPdf, certificate, options) =>
      Buffer.from(
        await appendPdf(deckPdf, await renderAcceptanceCertificate(certificate, options)),
      ),
    async checkPicture() {
      return { ok: true as const, width: 800, height: 600 };
    },
    pending: 0,
    async close() {},
  };
}
