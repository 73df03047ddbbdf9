import { formatNumber } from './locale.ts';
import { formatUsd, toCents } from './money.ts';
import type { Product } from './price-book.ts';

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

/** The credit text of a product the price book does not mark eligible. */
export const NOT_CREDIT_ELIGIBLE = 'Not eligible';

export interface PricingInput {
  product: Product;
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

/** The figures behind the pricing texts, in whole cents. */
export interface PricingFigures {
  unitPriceCents: number;
  quantity: number;
  isFlatRate: boolean;
  shippingCents: number;
  totalCents: number;
  itcCents: number;
  effectiveCents: number;
}

export function computePricingFigures({
  product,
  quantity,
  unitPrice,
}: PricingInput): PricingFigures {
  const isFlatRate = quantity > product.flatRateAboveQuantity;
  const unitPriceCents = toCents(unitPrice);
  const shippingCents = toCents(isFlatRate ? product.flatRateShipping : product.whiteGloveShipping);
  const totalCents = unitPriceCents * quantity + shippingCents;
  // The credit applies only to the products the price book marks eligible.
  const itcCents = Math.round(totalCents * creditShare(product));
  return {
    unitPriceCents,
    quantity,
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
  const { product, locale } = input;
  const money = (cents: number) => formatUsd(cents / 100, locale);
  return {
    stdpricing: money(figures.unitPriceCents),
    qty: formatNumber(figures.quantity, locale),
    shiprate: money(figures.shippingCents),
    wgd: figures.isFlatRate ? 'Flat-rate drop ship' : 'White-glove delivery',
    total: money(figures.totalCents),
    itc: product.creditEligible ? money(figures.itcCents) : NOT_CREDIT_ELIGIBLE,
    effective: money(figures.effectiveCents),
    monthsincluded: product.monthsIncluded,
    annual: product.annualMonitoring,
    warrantyyear: String(product.warrantyYears),
    maintenance: product.maintenance,
  };
}

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
