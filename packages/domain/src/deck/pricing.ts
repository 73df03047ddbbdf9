import { formatUsd, toCents } from './money.ts';
import {
  FLAT_RATE_SHIPPING_ABOVE_QUANTITY,
  PRODUCTS,
  type ProductId,
} from './product-catalogue.ts';

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
  itc: 'ITC credit (30%)',
  effective: 'Effective net price',
  monthsincluded: 'Monitoring months included',
  annual: 'Annual monitoring after that',
  warrantyyear: 'Warranty (years)',
  maintenance: 'Maintenance',
};

/** The investment tax credit applied to the total (DESIGN.md §6). */
export const ITC_RATE = 0.3;

export interface PricingInput {
  productId: ProductId;
  quantity: number;
  /** The unit price the deck uses (see {@link unitPriceFor}). */
  unitPrice: number;
}

/** DESIGN.md §6: the rep's price when pricing is included; otherwise the price book's base price. */
export function unitPriceFor(
  productId: ProductId,
  repPrice: number | undefined,
  includePricing: boolean,
): number {
  if (includePricing && repPrice !== undefined && Number.isFinite(repPrice)) return repPrice;
  return PRODUCTS[productId].basePrice;
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
  productId,
  quantity,
  unitPrice,
}: PricingInput): PricingFigures {
  const product = PRODUCTS[productId];
  const isFlatRate = quantity > FLAT_RATE_SHIPPING_ABOVE_QUANTITY;
  const unitPriceCents = toCents(unitPrice);
  const shippingCents = toCents(isFlatRate ? product.flatRateShipping : product.whiteGloveShipping);
  const totalCents = unitPriceCents * quantity + shippingCents;
  const itcCents = Math.round(totalCents * ITC_RATE);
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
  const product = PRODUCTS[input.productId];
  const isBattery = input.productId === 'battery_backup';
  return {
    stdpricing: formatUsd(figures.unitPriceCents / 100),
    qty: String(figures.quantity),
    shiprate: formatUsd(figures.shippingCents / 100),
    wgd: figures.isFlatRate ? 'Flat-rate drop ship' : 'White-glove delivery',
    total: formatUsd(figures.totalCents / 100),
    itc: formatUsd(figures.itcCents / 100),
    effective: formatUsd(figures.effectiveCents / 100),
    monthsincluded: isBattery ? '24' : 'Unlimited',
    annual: isBattery ? '$75' : 'Included',
    warrantyyear: String(product.warrantyYears),
    maintenance: isBattery
      ? 'Battery monitoring: 24 months included, then $75 per year'
      : 'Monitoring and software updates included',
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
