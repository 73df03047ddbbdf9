import type { ProductSelection } from './deck-draft.ts';
import { formatUsd } from './money.ts';
import { computePricingFigures, PRICING_TEXT_KEYS, unitPriceFor } from './pricing.ts';
import { findProduct, type PriceBook, type ProductId } from './price-book.ts';

export interface QuoteLine {
  productId: ProductId;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Unit price × quantity, before shipping. */
  amountCents: number;
  shippingCents: number;
}

/** The whole quote in whole cents: what the summary slide and step 4 show. */
export interface QuoteSummary {
  lines: QuoteLine[];
  /** Every line's amount, before shipping. */
  subtotalCents: number;
  shippingCents: number;
  /** Subtotal plus shipping: the sum of the pricing slides' totals. */
  totalCents: number;
  /** The investment tax credit, per product as each pricing slide shows it, summed. */
  creditsCents: number;
  /** Total less credits: the sum of the pricing slides' effective net prices. */
  netCents: number;
  /** Products whose pricing slide shows edited price texts the figures here do not include. */
  editedProducts: ProductId[];
}

/** Price texts whose edits change what a product costs on its slide. */
const PRICE_KEYS = new Set<string>(['stdpricing', 'qty', 'shiprate', 'total', 'itc', 'effective']);

/**
 * The quote over every selected product, from the same figures as each product's pricing
 * slide, so the summary agrees with them to the cent (credits are rounded per product, as the
 * slides round them, and then summed).
 */
export function quoteSummary(selection: ProductSelection, book: PriceBook): QuoteSummary {
  const lines: QuoteLine[] = [];
  let creditsCents = 0;
  for (const selected of selection.selectedProducts) {
    const product = findProduct(book, selected.id);
    if (!product) continue;
    const figures = computePricingFigures({
      product,
      quantity: selected.quantity,
      unitPrice: unitPriceFor(product, selected.customPricing, selection.includePricing),
    });
    lines.push({
      productId: selected.id,
      name: product.name,
      quantity: figures.quantity,
      unitPriceCents: figures.unitPriceCents,
      amountCents: figures.unitPriceCents * figures.quantity,
      shippingCents: figures.shippingCents,
    });
    creditsCents += figures.itcCents;
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const shippingCents = lines.reduce((sum, line) => sum + line.shippingCents, 0);
  const totalCents = subtotalCents + shippingCents;
  const editedProducts = selection.selectedProducts
    .filter((selected) =>
      PRICING_TEXT_KEYS.some(
        (key) => PRICE_KEYS.has(key) && selection.customPricing[selected.id]?.[key] !== undefined,
      ),
    )
    .map((selected) => selected.id);
  return {
    lines,
    subtotalCents,
    shippingCents,
    totalCents,
    creditsCents,
    netCents: totalCents - creditsCents,
    editedProducts,
  };
}

/** Cents as the portal writes money: `$1,234.50`. */
export const formatCents = (cents: number, locale?: string) => formatUsd(cents / 100, locale);
