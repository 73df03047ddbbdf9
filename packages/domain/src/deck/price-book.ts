/**
 * The price book: the products a rep can put in a deck and what they cost. It is data that
 * admins and content editors keep in the portal (`/admin/products`); the built-in one, SPEC.md
 * §9's table, is seed data (`@deck-portal/domain/seed-price-book`) that only the server and the
 * deck engine load, so no browser bundle carries a price.
 */

import type { ProductPrices } from '../markets/price-lists.ts';

/** A product's id: a slug, stable for the product's whole life (decks name products by it). */
export type ProductId = string;

/**
 * How a product is sold: `goods` are shipped and paid once; a `service` (installation) is paid
 * once and not shipped; a `subscription` (monitoring) is paid every year and not shipped, so it
 * is never part of what the client pays now.
 */
export const productKinds = ['goods', 'service', 'subscription'] as const;
export type ProductKind = (typeof productKinds)[number];

/** How the quote and the pricing slide say how a product is paid. */
export const productKindBilling: Readonly<Record<ProductKind, string>> = {
  goods: 'One-off',
  service: 'One-off service',
  subscription: 'Per year',
};

/** How the price book editor names each kind. */
export const productKindLabels: Readonly<Record<ProductKind, string>> = {
  goods: 'Goods (shipped, paid once)',
  service: 'Service (not shipped, paid once)',
  subscription: 'Subscription (not shipped, paid every year)',
};

export interface Product {
  id: ProductId;
  /** The stock-keeping unit the company's order system knows the product by. */
  sku: string;
  name: string;
  description: string;
  /** Feature tags shown on the product card and the product slide. */
  features: string[];
  defaultQuantity: number;
  /**
   * How it is sold; goods when absent (entries stored before products had a kind, and the
   * price books deck versions recorded then).
   */
  kind?: ProductKind | undefined;
  /**
   * Suggested retail price per unit, in US dollars: the list price the quote shows and measures
   * discounts from (as the deal desk does), and the rep's starting price.
   */
  msrp: number;
  /** The price-book price used when the deck carries no pricing of the rep's. */
  basePrice: number;
  whiteGloveShipping: number;
  flatRateShipping: number;
  /** Above this quantity the order ships flat-rate drop ship; at or below it, white-glove. */
  flatRateAboveQuantity: number;
  warrantyYears: number;
  /** Whether the investment tax credit applies to this product. */
  creditEligible: boolean;
  /** The credit's share of the product's total, in per cent, when it applies (30 when absent). */
  creditPercent?: number | undefined;
  /** The pricing texts that are the product's terms, not arithmetic. */
  monthsIncluded: string;
  annualMonitoring: string;
  maintenance: string;
  /**
   * The product's money in the entered price lists of other currencies (issue 50), by ISO 4217
   * code; the fields above are US dollars. Derived lists are computed, not kept here.
   */
  prices?: Record<string, ProductPrices> | undefined;
  /** A picture of the product, as `/api/uploads/{id}` or a shipped `seed:NAME.png`. */
  picture?: string | undefined;
  /** Retired products stay in the book for the decks that have them; new decks cannot. */
  active: boolean;
}

/** The price book at one moment: every product, in the order the wizard lists them. */
export interface PriceBook {
  products: readonly Product[];
}

/** A product's kind, goods for a product stored before products had one. */
export const productKindOf = (product: Pick<Product, 'kind'>): ProductKind =>
  product.kind ?? 'goods';

export function findProduct(book: PriceBook, id: ProductId): Product | undefined {
  return book.products.find((product) => product.id === id);
}

/** The product, or an error naming the id: for code paths where the server checked the ids. */
export function getProduct(book: PriceBook, id: ProductId): Product {
  const product = findProduct(book, id);
  if (!product) throw new Error(`product "${id}" is not in the price book`);
  return product;
}

/** How a deck names a product: its price book name, or its id when the book no longer has it. */
export function productName(book: PriceBook, id: ProductId): string {
  return findProduct(book, id)?.name ?? id;
}

/** A product as a deck version recorded it: the price book entry, and from when it held. */
export interface RecordedProduct extends Product {
  entryId: string;
  effectiveFrom: string;
}

/** The price book entries a deck version was priced from, one per product it names. */
export interface DeckPriceBook extends PriceBook {
  products: readonly RecordedProduct[];
}
