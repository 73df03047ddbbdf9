import { buildDeck } from '../src/build-deck.ts';
import type { ImageStore } from '../src/images/image-store.ts';
import { resolveImages } from '../src/images/resolve-images.ts';
import { createTemplateLibrary } from '../src/library/template-library.ts';
import { renderDeck, type RenderedDeck } from '../src/render/render-deck.ts';
import type { Deck } from '../src/layout/model.ts';
import { goldenDraft } from './fixtures.ts';

export const library = createTemplateLibrary();

let cached: Promise<{ deck: Deck; rendered: RenderedDeck }> | undefined;

/** The golden deck, built and rendered once per test file. */
export function renderGoldenDeck(): Promise<{ deck: Deck; rendered: RenderedDeck }> {
  cached ??= (async () => {
    const deck = buildDeck(goldenDraft(), library);
    // The library's own pictures are drawn; nothing is fetched from the network.
    const { images } = await resolveImages(deck, {
      fetcher: async () => ({ ok: false, reason: 'not fetched in tests' }),
    });
    return { deck, rendered: await renderDeck(deck, images) };
  })();
  return cached;
}

export async function renderWith(
  deck: Deck,
  images: ImageStore = new Map(),
): Promise<RenderedDeck> {
  return renderDeck(deck, images);
}
