import {
  DEFAULT_MARKET,
  findMarket,
  priceBookForMarket,
  type Market,
  type PriceBook,
  type PriceList,
  type ProductSelection,
} from '@deck-portal/domain';
import { useMemo } from 'react';
import { useMarkets, usePriceLists } from '../../lib/markets.ts';
import { usePriceBook } from '../../lib/price-book.ts';

/** A deck's prices in its market (issue 50): the price book in the market's currency. */
export interface MarketPricing {
  market: Market;
  currency: string;
  /** The products with their money in `currency`, credits only where the market has them. */
  book: PriceBook;
  /** Products with no price in `currency`: the deck cannot quote them. */
  unpriced: ReadonlySet<string>;
  markets: readonly Market[];
  /** Units of `currency` per US dollar: the deck inputs' money defaults are converted by it. */
  dollarRatio: number;
}

/**
 * The price book as a deck for `marketCode` prices it, once the book, the markets and the price
 * lists have come; a market no longer in the table is priced as the portal's default one.
 */
export function useMarketPricing(marketCode: string | undefined) {
  const priceBook = usePriceBook();
  const markets = useMarkets();
  const lists = usePriceLists();
  const data = useMemo((): MarketPricing | undefined => {
    if (!priceBook.data || !markets.data || !lists.data) return undefined;
    return marketPricing(priceBook.data, markets.data.markets, lists.data.lists, marketCode);
  }, [priceBook.data, markets.data, lists.data, marketCode]);
  return {
    data,
    isError: priceBook.isError || markets.isError || lists.isError,
  };
}

export function marketPricing(
  book: PriceBook,
  markets: readonly Market[],
  lists: readonly PriceList[],
  marketCode: string | undefined,
): MarketPricing {
  const market = findMarket(markets, marketCode ?? DEFAULT_MARKET.code) ?? DEFAULT_MARKET;
  const priced = priceBookForMarket(book, market, lists);
  return {
    market,
    currency: priced.currency,
    book: priced.book,
    unpriced: new Set(priced.unpriced),
    markets,
    dollarRatio: priced.dollarRatio,
  };
}

/** The currency's sign as the locale writes it beside a price field (`$`, `￥`, `€`). */
export function currencySign(currency: string, locale?: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** The currency's name in English, as a sentence says prices are in it ("Japanese yen"). */
export function currencyName(currency: string): string {
  const parts = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    currencyDisplay: 'name',
  }).formatToParts(2);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * The selection re-priced for another currency: each product's price is its list price there
 * (the MSRP; the book's, for a product with none), and the pricing texts the rep edited, written
 * in the old currency, are dropped.
 */
export function repriceSelection(
  selection: ProductSelection,
  pricing: Pick<MarketPricing, 'book'>,
): ProductSelection {
  return {
    ...selection,
    selectedProducts: selection.selectedProducts.map((selected) => {
      const product = pricing.book.products.find((candidate) => candidate.id === selected.id);
      return product ? { ...selected, customPricing: product.msrp } : selected;
    }),
    customPricing: {},
  };
}
