import type { ProductSelection } from './deck-draft.ts';
import {
  applyPricingOverrides,
  computePricingTexts,
  unitPriceFor,
  type PricingTexts,
} from './pricing.ts';
import type { ProductId } from './product-catalogue.ts';

export interface ProductPricing {
  productId: ProductId;
  texts: PricingTexts;
}

/**
 * The pricing placeholder set of every selected product, in selection order: computed from the
 * price book (DESIGN.md §6) with the rep's edits of `customPricing[productId]` on top.
 */
export function resolveDeckPricing(selection: ProductSelection): ProductPricing[] {
  return selection.selectedProducts.map((selected) => {
    const computed = computePricingTexts({
      productId: selected.id,
      quantity: selected.quantity,
      unitPrice: unitPriceFor(selected.id, selected.customPricing, selection.includePricing),
    });
    return {
      productId: selected.id,
      texts: applyPricingOverrides(computed, selection.customPricing[selected.id]),
    };
  });
}
