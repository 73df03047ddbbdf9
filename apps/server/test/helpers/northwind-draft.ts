import type { DeckDraftInput } from '@deck-portal/domain';

type ProductsInput = DeckDraftInput['productSelection'];

/**
 * The deck draft the server's tests send: a proposal to Northwind Pharmacies (Dana Lee,
 * 21 November 2026), "Cold Chain Upgrade" unless `title` says otherwise, selling `products` on
 * `slides`, its prices shown unless `includePricing` is false.
 */
export function northwindDraft({
  slides,
  products,
  title = 'Cold Chain Upgrade',
  includePricing = true,
  customPricing = {},
}: {
  slides: string[];
  products: ProductsInput['selectedProducts'];
  title?: string;
  includePricing?: boolean;
  customPricing?: ProductsInput['customPricing'];
}): DeckDraftInput {
  return {
    basicInfo: {
      deckTitle: title,
      clientName: 'Northwind Pharmacies',
      date: '2026-11-21',
      primaryContact: 'Dana Lee',
      mode: 'simple',
    },
    productSelection: { selectedProducts: products, includePricing, customPricing },
    templateCustomization: { selectedSlides: slides, customSlides: [] },
  };
}
