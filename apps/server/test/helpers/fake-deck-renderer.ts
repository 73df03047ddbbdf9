import { readFile } from 'node:fs/promises';
import { importPresentation, type DeckRenderer } from '@deck-portal/deck-engine';
import type { SlideLink } from '@deck-portal/domain';

/**
 * A renderer that answers a deck of `slideCount` slides at once (with these linked words on its
 * first slide). Rendering is the deck engine's business, tested there; server tests that only
 * need a stored deck use this.
 */
export function createFakeDeckRenderer(
  slideCount = 3,
  { firstSlideLinks = [] }: { firstSlideLinks?: SlideLink[] } = {},
): DeckRenderer {
  return {
    async generate() {
      return {
        pptx: Buffer.from('PK fake pptx'),
        pdf: Buffer.from('%PDF-1.7 fake'),
        svgs: Array.from(
          { length: slideCount },
          (_, i) => `<svg xmlns="http://www.w3.org/2000/svg"><text>Slide ${i + 1}</text></svg>`,
        ),
        slideTitles: Array.from({ length: slideCount }, (_, i) => `Slide title ${i + 1}`),
        slideLinks: Array.from({ length: slideCount }, (_, i) => (i === 0 ? firstSlideLinks : [])),
        warnings: [],
        missingPictures: [],
      };
    },
    // Importing is the engine's own work in this thread: small files, real results.
    importPresentation: async (source, { onProgress, ...options } = {}) =>
      importPresentation(source instanceof Uint8Array ? source : await readFile(source.file), {
        ...options,
        ...(onProgress ? { onProgress: (done, total) => onProgress({ done, total }) } : {}),
      }),
    async checkPicture() {
      return { ok: true as const, width: 800, height: 600 };
    },
    pending: 0,
    async close() {},
  };
}
