import { formatNumber } from './locale.ts';
import { currencyDigits, formatMoney, roundToCurrency, toCents } from './money.ts';
import {
  findProduct,
  productKindBilling,
  productKindOf,
  type PriceBook,
  type Product,
  type ProductKind,
} from './price-book.ts';

/** The pricing placeholder set of SPEC.md §3, in the order the pricing slide shows them. */
export const PRICING_TEXT_KEYS = [
  'stdpricing',
  'qty',
  'shiprate',
  'wgd',
  'total',
  'itc',
  'effective',
  'monthsincluded',
  'annual',
  'warrantyyear',
  'maintenance',
] as const;
export type PricingTextKey = (typeof PRICING_TEXT_KEYS)[number];

export type PricingTexts = Record<PricingTextKey, string>;
export type PricingTextOverrides = Partial<PricingTexts>;

/** How a rep labels each pricing text (the step 3 panels and the pricing slide). */
export const PRICING_TEXT_LABELS: Readonly<Record<PricingTextKey, string>> = {
  stdpricing: 'Unit price',
  qty: 'Quantity',
  shiprate: 'Shipping',
  wgd: 'Delivery method',
  total: 'Total',
  itc: 'ITC credit',
  effective: 'Effective net price',
  monthsincluded: 'Monitoring months included',
  annual: 'Annual monitoring after that',
  warrantyyear: 'Warranty (years)',
  maintenance: 'Maintenance',
};

/** The investment tax credit on an eligible product's total when its entry sets none (DESIGN.md §6). */
export const DEFAULT_CREDIT_PERCENT = 30;

/** The share of a product's total the credit takes: 0 when it does not apply. */
export const creditShare = (product: Product) =>
  product.creditEligible ? (product.creditPercent ?? DEFAULT_CREDIT_PERCENT) / 100 : 0;

/** A credit share as the deck's locale writes a percentage (`30%`, `30 %`). */
export const formatCreditShare = (share: number, locale?: string) =>
  formatNumber(share, locale, { style: 'percent', maximumFractionDigits: 1 });

/**
 * How a product's pricing text is labelled: as {@link PRICING_TEXT_LABELS}, the credit with the
 * product's own rate ("ITC credit (30%)").
 */
export function pricingTextLabel(key: PricingTextKey, product?: Product, locale?: string) {
  if (key !== 'itc' || !product?.creditEligible) return PRICING_TEXT_LABELS[key];
  return `${PRICING_TEXT_LABELS.itc} (${formatCreditShare(creditShare(product), locale)})`;
}

/**
 * The words every place that states a quote uses (the quote summary slide, step 4, the accept
 * step, the acceptance certificate and mails), so the client and the rep read one story: what
 * the client pays, the yearly fees apart from it, and the tax credit as an estimate after it.
 */
export const quoteWording = {
  total: 'Total you pay',
  yearlyFees: 'Yearly fees, not in the total',
  afterCredit: 'Your cost after the estimated credit',
  /** A subscription's amount, or the yearly fees together: `$150.00 a year`. */
  perYear: (money: string) => `${money} a year`,
} as const;

/** The credit text of a product the price book does not mark eligible. */
export const NOT_CREDIT_ELIGIBLE = 'Not eligible';

/** A market's tax as a quote states it (markets.ts `MarketTax`). */
export interface QuoteTax {
  /** In the library's language ("Consumption tax"); translated as the deck's words are. */
  name: string;
  percent: number;
  /** The prices include it (a line says how much of the total it is) or it is added to them. */
  inclusive: boolean;
}

/**
 * What a deck prices in beyond its products (issue 50): the currency its price book's money is
 * in (US dollars when absent), the market's tax, and the deck's words for the pricing's own
 * (a translation; the English ones when absent).
 */
export interface PricingTerms {
  currency?: string | undefined;
  tax?: QuoteTax | null | undefined;
  words?: ((source: string) => string) | undefined;
}

/** A worded template with its `{name}`s filled: `fillWords('{amount} a year', { amount })`. */
export function fillWords(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The wording of a subscription's yearly amount, `{amount}` its money, as translations key it. */
export const PER_YEAR_WORDING = '{amount} a year';

/**
 * A product's price inside its terms texts (issue 50): `{{product.<id>.price}}`, that product's
 * unit price, so "then {{product.battery_monitoring.price}} per year" says $75 in a dollar deck
 * and ¥11,300 in a yen one. Translations key the text with the binding in it.
 */
const TERMS_PRICE = /\{\{\s*product\.([a-z][a-z0-9_]{0,63})\.price\s*\}\}/g;

/**
 * A terms text with its prices written in the deck's currency as prose states a price: whole
 * amounts without decimals (`$75`, `¥11,300`, `69 €`), others with the currency's. `book` is
 * priced in `currency`; a product it does not have writes nothing.
 */
export function termsWithPrices(
  text: string,
  book: PriceBook,
  currency: string = 'USD',
  locale?: string,
): string {
  if (!text.includes('{{')) return text;
  return text.replace(TERMS_PRICE, (_whole, id: string) => {
    const product = findProduct(book, id);
    if (!product) return '';
    const amount = roundToCurrency(toCents(product.basePrice), currency) / 100;
    const digits = Number.isInteger(amount) ? 0 : currencyDigits(currency);
    return formatNumber(amount, locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  });
}

export interface PricingInput extends PricingTerms {
  product: Product;
  /**
   * The price book the product is from, priced in the deck's currency: its terms texts' prices
   * (`{{product.<id>.price}}`) are read from it; the product alone when absent.
   */
  book?: PriceBook | undefined;
  quantity: number;
  /** The unit price the deck uses (see {@link unitPriceFor}). */
  unitPrice: number;
  /** How the deck writes figures (en-US when left out). */
  locale?: string;
}

/** DESIGN.md §6: the rep's price when pricing is included; otherwise the price book's base price. */
export function unitPriceFor(
  product: Product,
  repPrice: number | undefined,
  includePricing: boolean,
): number {
  if (includePricing && repPrice !== undefined && Number.isFinite(repPrice)) return repPrice;
  return product.basePrice;
}

/**
 * How far `unitPrice` is below `listPrice`, in per cent to one decimal (negative above list):
 * the one measure of a discount, the deal desk's limits and the client's quote alike.
 */
export function percentOffList(listPrice: number, unitPrice: number): number {
  if (listPrice <= 0) return 0;
  return Math.round(((listPrice - unitPrice) / listPrice) * 1000) / 10;
}

/** The figures behind the pricing texts, in whole cents. */
export interface PricingFigures {
  kind: ProductKind;
  /** The list price per unit: the product's MSRP. */
  listPriceCents: number;
  unitPriceCents: number;
  quantity: number;
  /**
   * What the line is below list: (list − unit price) × quantity, and in per cent as
   * {@link percentOffList}; 0 when the price is at or above list.
   */
  discountCents: number;
  discountPercent: number;
  isFlatRate: boolean;
  /** 0 for services and subscriptions, which are not shipped. */
  shippingCents: number;
  totalCents: number;
  itcCents: number;
  effectiveCents: number;
}

export function computePricingFigures({
  product,
  quantity,
  unitPrice,
  currency,
}: PricingInput): PricingFigures {
  const kind = productKindOf(product);
  const isFlatRate = quantity > product.flatRateAboveQuantity;
  // What the currency can pay: whole yen, cents of a dollar.
  const cents = (amount: number) => roundToCurrency(toCents(amount), currency);
  const listPriceCents = cents(product.msrp);
  const unitPriceCents = cents(unitPrice);
  const isDiscounted = unitPriceCents < listPriceCents;
  const shippingCents =
    kind === 'goods'
      ? cents(isFlatRate ? product.flatRateShipping : product.whiteGloveShipping)
      : 0;
  const totalCents = unitPriceCents * quantity + shippingCents;
  // The credit applies only to the products the price book marks eligible.
  const itcCents = roundToCurrency(Math.round(totalCents * creditShare(product)), currency);
  return {
    kind,
    listPriceCents,
    unitPriceCents,
    quantity,
    discountCents: isDiscounted ? (listPriceCents - unitPriceCents) * quantity : 0,
    discountPercent: isDiscounted ? percentOffList(product.msrp, unitPrice) : 0,
    isFlatRate,
    shippingCents,
    totalCents,
    itcCents,
    effectiveCents: totalCents - itcCents,
  };
}

/** The computed pricing placeholder set of one product (DESIGN.md §6), before any rep edits. */
export function computePricingTexts(input: PricingInput): PricingTexts {
  const figures = computePricingFigures(input);
  const { product, locale, currency } = input;
  const words = input.words ?? ((source: string) => source);
  const money = (cents: number) => formatMoney(cents / 100, currency, locale);
  const termsOf = (text: string) =>
    termsWithPrices(text, input.book ?? { products: [product] }, currency, locale);
  return {
    stdpricing: money(figures.unitPriceCents),
    qty: formatNumber(figures.quantity, locale),
    // Services and subscriptions are not shipped: no delivery to state.
    shiprate: figures.kind === 'goods' ? money(figures.shippingCents) : '',
    wgd:
      figures.kind !== 'goods'
        ? ''
        : words(figures.isFlatRate ? 'Flat-rate drop ship' : 'White-glove delivery'),
    // A subscription's total is paid every year, and says so.
    total:
      figures.kind === 'subscription'
        ? fillWords(words(PER_YEAR_WORDING), { amount: money(figures.totalCents) })
        : money(figures.totalCents),
    itc: product.creditEligible ? money(figures.itcCents) : words(NOT_CREDIT_ELIGIBLE),
    effective: money(figures.effectiveCents),
    // Monitoring included with a device, and its fee after that, are said of goods only: a
    // service has none, and a subscription is that fee. Empty, the slide leaves them out.
    monthsincluded: figures.kind === 'goods' ? termsOf(product.monthsIncluded) : '',
    annual: figures.kind === 'goods' ? termsOf(product.annualMonitoring) : '',
    // A subscription has no warranty to state, nor a product the price book gives none.
    warrantyyear:
      figures.kind !== 'subscription' && product.warrantyYears > 0
        ? String(product.warrantyYears)
        : '',
    maintenance: termsOf(product.maintenance),
  };
}

/**
 * What the pricing slide says of a line beside its pricing texts, computed only (a rep edits
 * none of them): the list price, the discount when the price is below it, how it is paid, and
 * the estimated credit and the cost after it, empty for a product the credit does not apply to.
 */
export interface PricingLineTexts {
  listPrice: string;
  /** `−$1,095.00 (18.3% off list)`, `… each …` for more than one; empty at or above list. */
  discount: string;
  billing: string;
  creditEstimate: string;
  afterCredit: string;
}

export function pricingLineTexts(
  product: Product,
  figures: PricingFigures,
  locale?: string,
  { currency, words = (source) => source }: PricingTerms = {},
): PricingLineTexts {
  const money = (cents: number) => formatMoney(cents / 100, currency, locale);
  const perUnit = figures.unitPriceCents < figures.listPriceCents;
  const discount = {
    amount: money(figures.listPriceCents - figures.unitPriceCents),
    percent: formatDiscountPercent(figures.discountPercent, locale),
  };
  return {
    listPrice: money(figures.listPriceCents),
    discount: perUnit
      ? fillWords(
          words(
            figures.quantity > 1
              ? '−{amount} each ({percent} off list)'
              : '−{amount} ({percent} off list)',
          ),
          discount,
        )
      : '',
    billing: words(productKindBilling[figures.kind]),
    creditEstimate: product.creditEligible ? money(figures.itcCents) : '',
    afterCredit: product.creditEligible ? money(figures.effectiveCents) : '',
  };
}

/** A discount's per cent as the deck's locale writes it (`18.3%`). */
export const formatDiscountPercent = (percent: number, locale?: string) =>
  formatNumber(percent / 100, locale, { style: 'percent', maximumFractionDigits: 1 });

/** Computed texts with the rep's edits on top: an edit wins over the computed value. */
export function applyPricingOverrides(
  computed: PricingTexts,
  overrides: PricingTextOverrides | undefined,
): PricingTexts {
  if (!overrides) return computed;
  const merged = { ...computed };
  for (const key of PRICING_TEXT_KEYS) {
    const value = overrides[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}
