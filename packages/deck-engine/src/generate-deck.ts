import type { DeckDraft, DeckPresenter } from '@deck-portal/domain';
import { buildDeck } from './build-deck.ts';
import { resolveImages, type ResolveImagesOptions } from './images/resolve-images.ts';
import { createTemplateLibrary, type TemplateLibrary } from './library/template-library.ts';
import { renderDeck, type RenderedDeck } from './render/render-deck.ts';

export interface GenerateDeckOptions {
  library?: TemplateLibrary;
  images?: ResolveImagesOptions;
  presenter?: DeckPresenter;
}

let defaultLibrary: TemplateLibrary | undefined;

/** Draft → laid-out deck → pictures fetched under the guard → PPTX, PDF and SVGs. */
export async function generateDeck(
  draft: DeckDraft,
  options: GenerateDeckOptions = {},
): Promise<RenderedDeck> {
  const library = options.library ?? (defaultLibrary ??= createTemplateLibrary());
  const deck = buildDeck(draft, library, options.presenter ? { presenter: options.presenter } : {});
  const { images, warnings, failures } = await resolveImages(deck, options.images);
  return renderDeck(deck, images, warnings, failures);
}
