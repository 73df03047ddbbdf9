import {
  DECK_LANGUAGES,
  marketSchema,
  marketsResponseSchema,
  priceListSchema,
  priceListsResponseSchema,
  type Market,
  type PriceList,
} from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The admin's market and price list screens change them under these keys. */
export const marketsQueryKey = ['markets'] as const;
export const priceListsQueryKey = ['price-lists'] as const;

/**
 * The served markets read as the domain's `Market` (a deck is priced from it); one the domain
 * no longer reads is left out, as the server refuses decks for it.
 */
function readMarkets(markets: readonly unknown[]): Market[] {
  return markets.flatMap((market) => {
    const parsed = marketSchema.safeParse(market);
    return parsed.success ? [parsed.data] : [];
  });
}

export const marketsQueryOptions = () =>
  queryOptions({
    queryKey: marketsQueryKey,
    queryFn: async ({ signal }): Promise<{ markets: Market[] }> => {
      const answer = await apiRequest('/api/markets', { schema: marketsResponseSchema, signal });
      return { markets: readMarkets(answer.markets) };
    },
    staleTime: 60_000,
  });

export const priceListsQueryOptions = () =>
  queryOptions({
    queryKey: priceListsQueryKey,
    queryFn: async ({ signal }): Promise<{ lists: PriceList[] }> => {
      const answer = await apiRequest('/api/price-lists', {
        schema: priceListsResponseSchema,
        signal,
      });
      const lists = answer.lists.flatMap(({ currency, derived }) => {
        const parsed = priceListSchema.safeParse({ currency, derived });
        return parsed.success ? [parsed.data] : [];
      });
      return { lists };
    },
    staleTime: 60_000,
  });

/** `GET /api/markets`: the markets a deck can be made for, with their currency, tax and language. */
export const useMarkets = () => useQuery(marketsQueryOptions());

/** `GET /api/price-lists`: the lists a market's currency is priced from. */
export const usePriceLists = () => useQuery(priceListsQueryOptions());

/** `Japan · JPY`: a market as a select lists it. */
export const marketLabel = (market: Pick<Market, 'name' | 'currency'>) =>
  `${market.name} · ${market.currency}`;

/**
 * The deck languages as a select offers them, by their English names (`Japanese`): a select's
 * options stay in the page, hidden, and native names (日本語, العربية) would fetch their
 * scripts' web fonts on every page with the select (lib/script-fonts loads a family for any text).
 */
export const deckLanguageOptions = DECK_LANGUAGES.map((language) => ({
  value: language.tag,
  label: language.name,
}));
