import type { DeckRenderer } from '@deck-portal/deck-engine';

/** Slides in every stubbed deck; the fuzzer asks for slide numbers around it. */
export const stubSlideCount = 3;

/**
 * Answers every generation at once with a tiny three-slide deck: the fuzzer generates decks by
 * the hundred, and rendering is the deck engine's business (tested there), not the routes'.
 */
export function createStubDeckRenderer(): DeckRenderer {
  return {
    async generate() {
      return {
        pptx: Buffer.from('PK stub pptx'),
        pdf: Buffer.from('%PDF-1.7 stub'),
        svgs: Array.from(
          { length: stubSlideCount },
          (_, i) => `<svg xmlns="http://www.w3.org/2000/svg"><text>Slide ${i + 1}</text></svg>`,
        ),
        warnings: [],
      };
    },
    pending: 0,
    async close() {},
  };
}
