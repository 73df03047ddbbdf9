import type { ProductSelection } from './deck-draft.ts';
import {
  applyPricingOverrides,
  computePricingFigures,
  computePricingTexts,
  pricingLineTexts,
  unitPriceFor,
  type PricingLineTexts,
  type PricingTerms,
  type PricingTexts,
} from './pricing.ts';
import { findProduct, type PriceBook, type ProductId } from './price-book.ts';

export interface ProductPricing {
  productId: ProductId;
  texts: PricingTexts;
  /** The line's list price, discount, billing and credit estimate, computed only. */
  line: PricingLineTexts;
}

/**
 * The pricing placeholder set of every selected product, in selection order: computed from the
 * price book (DESIGN.md §6), written as `locale` writes figures in the terms' currency and
 * words, with the rep's edits of `customPricing[productId]` on top. A product the book does not
 * have is left out (the server refuses such drafts before this).
 */
export function resolveDeckPricing(
  selection: ProductSelection,
  book: PriceBook,
  locale?: string,
  terms: PricingTerms = {},
): ProductPricing[] {
  return selection.selectedProducts.flatMap((selected) => {
    const product = findProduct(book, selected.id);
    if (!product) return [];
    const input = {
      product,
      book,
      quantity: selected.quantity,
      unitPrice: unitPriceFor(product, selected.customPricing, selection.includePricing),
      ...(locale ? { locale } : {}),
      currency: terms.currency,
      words: terms.words,
    };
    return [
      {
        productId: selected.id,
        texts: applyPricingOverrides(
          computePricingTexts(input),
          selection.customPricing[selected.id],
        ),
        line: pricingLineTexts(product, computePricingFigures(input), locale, terms),
      },
    ];
  });
}
