import { z } from 'zod';
import type { PriceBook, Product } from '../deck/price-book.ts';
import { currencyCodeSchema, type Market } from './markets.ts';

/**
 * Price lists per currency (issue 50). The price book's own prices are US dollars
 * (`BOOK_CURRENCY`). Another currency's list is either entered (each product's prices in that
 * currency, kept in the product's entry as `prices[currency]`, with its history) or derived from
 * another list at a stated rate and rounded by a stated rule; a derived list says so wherever it
 * is shown.
 */
export const BOOK_CURRENCY = 'USD';

/** How a derived price is rounded: to the cent, or up to a whole number of units, tens, … */
export const PRICE_ROUNDINGS = [
  { id: 'cent', label: 'To the cent (0.01)', step: 0.01 },
  { id: 'unit', label: 'To a whole unit (1)', step: 1 },
  { id: 'ten', label: 'To ten (10)', step: 10 },
  { id: 'hundred', label: 'To a hundred (100)', step: 100 },
  { id: 'thousand', label: 'To a thousand (1,000)', step: 1_000 },
] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number]['id'];
const roundingIds = PRICE_ROUNDINGS.map((rounding) => rounding.id) as [
  PriceRounding,
  ...PriceRounding[],
];

/** A product's money in one currency: what `Product` holds in US dollars. */
export const productPricesSchema = z
  .object({
    msrp: z.number().min(0).max(1_000_000_000),
    basePrice: z.number().min(0).max(1_000_000_000),
    whiteGloveShipping: z.number().min(0).max(1_000_000_000),
    flatRateShipping: z.number().min(0).max(1_000_000_000),
  })
  .strict();
export type ProductPrices = z.infer<typeof productPricesSchema>;

export const priceListSchema = z
  .object({
    currency: currencyCodeSchema,
    /** Entered per product when null; else each price is `from`'s times `rate`, rounded. */
    derived: z
      .object({
        from: currencyCodeSchema,
        /** Units of this currency per unit of `from`. */
        rate: z.number().positive('A rate is above 0').max(1_000_000),
        rounding: z.enum(roundingIds),
      })
      .strict()
      .nullable(),
  })
  .strict()
  .refine((list) => list.derived?.from !== list.currency, {
    message: 'A list cannot be derived from itself',
    path: ['derived', 'from'],
  });
export type PriceList = z.infer<typeof priceListSchema>;

/** The book's own list: US dollars, entered. */
export const BOOK_PRICE_LIST: PriceList = { currency: BOOK_CURRENCY, derived: null };

/**
 * The seeded lists: euros entered per product (the seed price book's `prices.EUR`), yen and
 * dirhams derived from US dollars at a stated rate (an admin changes the rate or enters them).
 */
export const SEED_PRICE_LISTS: readonly PriceList[] = [
  { currency: 'EUR', derived: null },
  { currency: 'JPY', derived: { from: 'USD', rate: 150, rounding: 'hundred' } },
  { currency: 'AED', derived: { from: 'USD', rate: 3.6725, rounding: 'unit' } },
];

/** `amount` rounded by `rule`, half up, to the currency's cents at most. */
export function roundPrice(amount: number, rule: PriceRounding): number {
  const step = PRICE_ROUNDINGS.find((rounding) => rounding.id === rule)!.step;
  const rounded = Math.round(amount / step) * step;
  return Math.round(rounded * 100) / 100;
}

const MONEY_FIELDS = ['msrp', 'basePrice', 'whiteGloveShipping', 'flatRateShipping'] as const;

/** A product's money in the book's own currency. */
const bookPrices = (product: Product): ProductPrices => ({
  msrp: product.msrp,
  basePrice: product.basePrice,
  whiteGloveShipping: product.whiteGloveShipping,
  flatRateShipping: product.flatRateShipping,
});

/**
 * A product's prices in `currency`, following derived lists back to an entered one (at most
 * as many steps as there are lists); undefined when the product has no price there (an entered
 * list the product was never priced in, or a list that does not exist).
 */
export function productPricesIn(
  product: Product,
  currency: string,
  lists: readonly PriceList[],
  seen: ReadonlySet<string> = new Set(),
): ProductPrices | undefined {
  if (currency === BOOK_CURRENCY) return bookPrices(product);
  if (seen.has(currency)) return undefined;
  const list = lists.find((candidate) => candidate.currency === currency);
  if (!list) return undefined;
  if (!list.derived) return product.prices?.[currency];
  const from = productPricesIn(product, list.derived.from, lists, new Set([...seen, currency]));
  if (!from) return undefined;
  const { rate, rounding } = list.derived;
  const converted = {} as ProductPrices;
  for (const field of MONEY_FIELDS) converted[field] = roundPrice(from[field] * rate, rounding);
  return converted;
}

/** A price book as a market's deck prices it, and the products that have no price there. */
export interface MarketPriceBook<P extends Product = Product> {
  book: { products: P[] };
  currency: string;
  /** Products with no price in the market's currency: a deck for the market cannot quote them. */
  unpriced: string[];
  /**
   * About how many units of the currency a US dollar is worth in this book: its list prices'
   * sum against the dollar list's, over the products priced in both (1 in dollars). A deck's
   * money inputs (what a client's spoilage costs a year) are converted by it (issue 50).
   */
  dollarRatio: number;
}

/**
 * The price book in a market's currency, with only the incentives that apply there (the US
 * investment tax credit only in the US). A product with no price in the currency keeps its
 * book prices and is listed as unpriced.
 */
export function priceBookForMarket<P extends Product>(
  book: { products: readonly P[] },
  market: Pick<Market, 'currency' | 'incentives'>,
  lists: readonly PriceList[],
): MarketPriceBook<P> {
  const unpriced: string[] = [];
  const creditApplies = market.incentives.includes('us-itc');
  let localSum = 0;
  let dollarSum = 0;
  const products = book.products.map((product) => {
    const prices = productPricesIn(product, market.currency, lists);
    if (!prices) unpriced.push(product.id);
    else if (product.msrp > 0 && prices.msrp > 0) {
      localSum += prices.msrp;
      dollarSum += product.msrp;
    }
    return {
      ...product,
      ...(prices ?? {}),
      creditEligible: creditApplies && product.creditEligible,
    };
  });
  const dollarRatio =
    market.currency === BOOK_CURRENCY || dollarSum === 0 ? 1 : localSum / dollarSum;
  return { book: { products }, currency: market.currency, unpriced, dollarRatio };
}

/** For callers that only hold a `PriceBook`. */
export type { PriceBook };
