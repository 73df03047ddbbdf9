import {
  DEFAULT_MARKET,
  findMarket,
  priceBookForMarket,
  SEED_MARKETS,
  SEED_PRICE_LISTS,
  type DeckDraft,
  type Market,
  type PriceList,
  type ProductSelection,
} from '@deck-portal/domain';
import type { PriceBook, PricingTerms } from '@deck-portal/domain/pricing';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';

/** What a deck is priced with beyond its draft (the server passes what is in force). */
export interface DeckMarketOptions {
  /** The price book entries, in US dollars; the built-in price book when left out. */
  priceBook?: PriceBook | undefined;
  /** The client's market; the seeded market the draft names (the US when none) when left out. */
  market?: Market | undefined;
  /** The price lists per currency; the seeded ones when left out. */
  priceLists?: readonly PriceList[] | undefined;
}

/** A deck's market and its price book in the market's currency (issue 50). */
export interface DeckMarket {
  market: Market;
  /** Every product with its money in the market's currency, the credit only where it applies. */
  priceBook: PriceBook;
  /** Currency and tax for the pricing texts and the quote (words are the deck's language's). */
  terms: Pick<PricingTerms, 'currency' | 'tax'>;
  /** The selection without the products that have no price in the currency: what is quoted. */
  pricedSelection: ProductSelection;
  /** What the rep is told of products left out of the pricing for want of a price. */
  warnings: string[];
  /** Units of the currency per US dollar: the deck's money inputs are converted by it. */
  dollarRatio: number;
}

export function deckMarketOf(draft: DeckDraft, options: DeckMarketOptions = {}): DeckMarket {
  const market =
    options.market ??
    findMarket(SEED_MARKETS, draft.basicInfo.market ?? DEFAULT_MARKET.code) ??
    DEFAULT_MARKET;
  const priced = priceBookForMarket(
    options.priceBook ?? SEED_PRICE_BOOK,
    market,
    options.priceLists ?? SEED_PRICE_LISTS,
  );
  const unpriced = new Set(priced.unpriced);
  const selection = draft.productSelection;
  const left = selection.selectedProducts.filter((selected) => unpriced.has(selected.id));
  return {
    market,
    priceBook: priced.book,
    terms: { currency: market.currency, tax: market.tax },
    dollarRatio: priced.dollarRatio,
    pricedSelection:
      left.length === 0
        ? selection
        : {
            ...selection,
            selectedProducts: selection.selectedProducts.filter((s) => !unpriced.has(s.id)),
          },
    warnings: left.map(
      (selected) =>
        `"${priced.book.products.find((p) => p.id === selected.id)?.name ?? selected.id}" has no price in ${market.currency} and was left out of the pricing.`,
    ),
  };
}
