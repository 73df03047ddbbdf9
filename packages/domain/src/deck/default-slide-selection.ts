import type { ProductId } from './price-book.ts';

export interface SelectableSlide {
  id: string;
  /** Zero-based position in the master deck. */
  index: number;
  /** In the library's default selection (an editor's choice; SPEC.md §9 for the built-in one). */
  inDefaultSelection?: boolean | undefined;
  /** The products the slide is about: selected by default only when one of them is chosen. */
  forProducts?: readonly string[] | undefined;
}

/**
 * The slides a new deck starts with: those the library marks as default, keeping a product
 * slide only when one of its products is chosen. Answers slide ids in master order.
 */
export function selectDefaultSlides(
  slides: readonly SelectableSlide[],
  productIds: readonly ProductId[],
): string[] {
  const chosen = new Set<string>(productIds);
  return [...slides]
    .sort((a, b) => a.index - b.index)
    .filter((slide) => slide.inDefaultSelection)
    .filter((slide) => !slide.forProducts?.length || slide.forProducts.some((id) => chosen.has(id)))
    .map((slide) => slide.id);
}
