import type { ProductId } from './product-catalogue.ts';

/** The master deck's product slides (SPEC.md §9): index of each product's slide. */
export const PRODUCT_SLIDE_INDEX: Readonly<Record<ProductId, number>> = {
  data_logger: 6,
  battery_backup: 7,
  bms: 7,
  controller: 8,
};

/** How many leading template slides the default selection considers. */
export const DEFAULT_SLIDE_COUNT = 15;

export interface SelectableSlide {
  id: string;
  /** Zero-based position in the master deck. */
  index: number;
  category: string;
}

/**
 * SPEC.md §9: the first 15 template slides, without appendix slides, keeping a product slide
 * only when one of its products is chosen. Answers slide ids in master order.
 */
export function selectDefaultSlides(
  slides: readonly SelectableSlide[],
  productIds: readonly ProductId[],
): string[] {
  const productSlideIndexes = new Set(Object.values(PRODUCT_SLIDE_INDEX));
  const chosenIndexes = new Set(productIds.map((id) => PRODUCT_SLIDE_INDEX[id]));
  return [...slides]
    .sort((a, b) => a.index - b.index)
    .filter((slide) => slide.index < DEFAULT_SLIDE_COUNT)
    .filter((slide) => slide.category !== 'appendix')
    .filter((slide) => !productSlideIndexes.has(slide.index) || chosenIndexes.has(slide.index))
    .map((slide) => slide.id);
}
