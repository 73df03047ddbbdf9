import type { DeckDraft, DeckPresenter, Market, PriceBook, PriceList } from '@deck-portal/domain';
import { buildDeck } from './build-deck.ts';
import type { DeckIdentity } from './edited/deck-identity.ts';
import { resolveImages, type ResolveImagesOptions } from './images/resolve-images.ts';
import { useBrandFonts } from './library/brand.ts';
import { createTemplateLibrary, type TemplateLibrary } from './library/template-library.ts';
import { renderDeck, type RenderedDeck, type RenderProgress } from './render/render-deck.ts';

export interface GenerateDeckOptions {
  library?: TemplateLibrary;
  images?: ResolveImagesOptions;
  presenter?: DeckPresenter;
  /** The price book entries to price from; the built-in price book when left out. */
  priceBook?: PriceBook;
  /**
   * The client's market: the deck's currency, tax and incentives (issue 50); the seeded market
   * the draft names when left out.
   */
  market?: Market;
  /** The price lists per currency the deck is priced from; the seeded ones when left out. */
  priceLists?: readonly PriceList[];
  /** Told as each stage starts: every slide laid out, pictures, each file. */
  onProgress?: (progress: RenderProgress) => void;
  /** Drawn across every PDF page and web view slide, never in the PPTX (see `renderDeck`). */
  watermark?: string;
  /** The deck and version the PPTX is: written into it, so an edited copy names them. */
  identity?: DeckIdentity;
}

let defaultLibrary: TemplateLibrary | undefined;

/** Draft → laid-out deck → pictures fetched under the guard → PPTX, PDF and SVGs. */
export async function generateDeck(
  draft: DeckDraft,
  options: GenerateDeckOptions = {},
): Promise<RenderedDeck> {
  const library = options.library ?? (defaultLibrary ??= createTemplateLibrary());
  const { onProgress } = options;
  // The brand's own font, when it has one and its files came with the pictures.
  const font = useBrandFonts(library.brand, options.images?.preloaded);
  const deck = buildDeck(draft, library, {
    ...(font.family ? { fontFamily: font.family } : {}),
    ...(options.presenter ? { presenter: options.presenter } : {}),
    ...(options.priceBook ? { priceBook: options.priceBook } : {}),
    ...(options.market ? { market: options.market } : {}),
    ...(options.priceLists ? { priceLists: options.priceLists } : {}),
    ...(onProgress
      ? { onSlide: (done, total) => onProgress({ stage: 'layout', done, total }) }
      : {}),
  });
  onProgress?.({ stage: 'pictures' });
  const { images, warnings, failures } = await resolveImages(deck, options.images);
  if (font.warning) warnings.unshift(font.warning);
  return renderDeck(deck, images, warnings, failures, onProgress, {
    ...(options.watermark ? { watermark: options.watermark } : {}),
    ...(options.identity ? { identity: options.identity } : {}),
  });
}
