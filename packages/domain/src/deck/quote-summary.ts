import type { ProductSelection } from './deck-draft.ts';
import { formatMoney, taxCents } from './money.ts';
import {
  computePricingFigures,
  creditShare,
  formatCreditShare,
  PRICING_TEXT_KEYS,
  unitPriceFor,
  type PricingTerms,
  type QuoteTax,
} from './pricing.ts';
import { findProduct, type PriceBook, type ProductId, type ProductKind } from './price-book.ts';

export interface QuoteLine {
  productId: ProductId;
  name: string;
  /** Goods and services are paid once; a subscription's amount is per year. */
  kind: ProductKind;
  quantity: number;
  /** The list price per unit (the product's MSRP), and the rep's. */
  listPriceCents: number;
  unitPriceCents: number;
  /** What the line is below list, in cents and per cent to one decimal (0 at or above list). */
  discountCents: number;
  discountPercent: number;
  /** Unit price × quantity, before shipping. */
  amountCents: number;
  shippingCents: number;
  /** The line's estimated tax credit, as its pricing slide rounds it (0 when not eligible). */
  creditCents: number;
}

/**
 * The whole quote in whole cents: what the summary slide and step 4 show. Its totals are what
 * the client pays now (goods and services); subscriptions are paid every year and add up apart.
 */
export interface QuoteSummary {
  lines: QuoteLine[];
  /** The one-off lines' amounts, before shipping. */
  subtotalCents: number;
  shippingCents: number;
  /**
   * What the client pays: subtotal plus shipping (the one-off pricing slides' totals), and the
   * market's tax when it is added to prices.
   */
  totalCents: number;
  /** The currency of every amount (ISO 4217); US dollars when absent. */
  currency?: string;
  /**
   * The market's tax on subtotal plus shipping, when the market has one (issue 50): added to the
   * total when prices exclude it, the part of the total it is when they include it.
   */
  tax?: QuoteTax & { cents: number };
  /** The subscriptions' amounts: what the client pays every year. */
  yearlyCents: number;
  /**
   * The estimated investment tax credit on the one-off lines the price book marks eligible,
   * per product as each pricing slide shows it, summed: an estimate, never taken off the total.
   */
  creditsCents: number;
  /** Total less the estimated credits. */
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
export function quoteSummary(
  selection: ProductSelection,
  book: PriceBook,
  { currency, tax }: Pick<PricingTerms, 'currency' | 'tax'> = {},
): QuoteSummary {
  const lines: QuoteLine[] = [];
  let creditsCents = 0;
  for (const selected of selection.selectedProducts) {
    const product = findProduct(book, selected.id);
    if (!product) continue;
    const figures = computePricingFigures({
      product,
      quantity: selected.quantity,
      unitPrice: unitPriceFor(product, selected.customPricing, selection.includePricing),
      currency,
    });
    lines.push({
      productId: selected.id,
      name: product.name,
      kind: figures.kind,
      quantity: figures.quantity,
      listPriceCents: figures.listPriceCents,
      unitPriceCents: figures.unitPriceCents,
      discountCents: figures.discountCents,
      discountPercent: figures.discountPercent,
      amountCents: figures.unitPriceCents * figures.quantity,
      shippingCents: figures.shippingCents,
      creditCents: figures.itcCents,
    });
    if (figures.kind !== 'subscription') creditsCents += figures.itcCents;
  }
  const once = lines.filter((line) => line.kind !== 'subscription');
  const subtotalCents = once.reduce((sum, line) => sum + line.amountCents, 0);
  const shippingCents = once.reduce((sum, line) => sum + line.shippingCents, 0);
  const yearlyCents = lines
    .filter((line) => line.kind === 'subscription')
    .reduce((sum, line) => sum + line.amountCents, 0);
  const beforeTaxCents = subtotalCents + shippingCents;
  const taxed = tax ? { ...tax, cents: taxCents(beforeTaxCents, tax, currency) } : undefined;
  const totalCents = beforeTaxCents + (taxed && !taxed.inclusive ? taxed.cents : 0);
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
    ...(currency ? { currency } : {}),
    ...(taxed ? { tax: taxed } : {}),
    yearlyCents,
    creditsCents,
    netCents: totalCents - creditsCents,
    editedProducts,
  };
}

/** Cents as the portal writes money: `$1,234.50`; in `currency` when named (`￥1,234,500`). */
export const formatCents = (cents: number, locale?: string, currency?: string) =>
  formatMoney(cents / 100, currency, locale);

/**
 * The credit's label: the products it applies to, the rate when it is one, and that it is an
 * estimate (the client claims it on a tax return; it is not taken off what they pay).
 * `Estimated investment tax credit (30%) on Battery Backup, subject to tax advice`.
 */
export function creditEstimateLabel(productNames: readonly string[], rate?: string): string {
  const products =
    productNames.length <= 1
      ? (productNames[0] ?? '')
      : `${productNames.slice(0, -1).join(', ')} and ${productNames.at(-1)}`;
  const on = products ? ` on ${products}` : '';
  return `Estimated investment tax credit${rate ? ` (${rate})` : ''}${on}, subject to tax advice`;
}

/** The credit label of a quote's eligible one-off lines, with their rate when they share one. */
export function quoteCreditLabel(quote: QuoteSummary, book: PriceBook, locale?: string): string {
  const credited = quote.lines.filter(
    (line) => line.kind !== 'subscription' && line.creditCents > 0,
  );
  const shares = new Set(
    credited.flatMap((line) => {
      const product = findProduct(book, line.productId);
      return product ? [creditShare(product)] : [];
    }),
  );
  const [share] = [...shares];
  return creditEstimateLabel(
    credited.map((line) => line.name),
    shares.size === 1 && share !== undefined ? formatCreditShare(share, locale) : undefined,
  );
}
