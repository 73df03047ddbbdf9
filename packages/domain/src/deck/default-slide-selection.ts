import type { ProductId } from './price-book.ts';

export interface SelectableSlide {
  id: string;
  /** Zero-based position in the master deck. */
  index: number;
  /** In the library's default selection (an editor's choice; SPEC.md §9 for the built-in one). */
  inDefaultSelection?: boolean | undefined;
  /** The products the slide is about: selected by default only when one of them is chosen. */
  forProducts?: readonly string[] | undefined;
  /** Only for decks in these markets (ISO 3166); every market when absent (issue 50). */
  markets?: readonly string[] | undefined;
}

/** Whether a slide limited to markets is for a deck in `market` (every slide is when unlimited). */
export const isForMarket = (slide: Pick<SelectableSlide, 'markets'>, market: string) =>
  !slide.markets?.length || slide.markets.includes(market.toUpperCase());

/**
 * The slides a new deck starts with: those the library marks as default, keeping a product
 * slide only when one of its products is chosen, and a slide limited to markets only for a deck
 * in one of them (US when no market is named). Answers slide ids in master order.
 */
export function selectDefaultSlides(
  slides: readonly SelectableSlide[],
  productIds: readonly ProductId[],
  market = 'US',
): string[] {
  const chosen = new Set<string>(productIds);
  return [...slides]
    .sort((a, b) => a.index - b.index)
    .filter((slide) => slide.inDefaultSelection && isForMarket(slide, market))
    .filter((slide) => !slide.forProducts?.length || slide.forProducts.some((id) => chosen.has(id)))
    .map((slide) => slide.id);
}
