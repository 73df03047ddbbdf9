import { marketSchema, priceListSchema, type Market } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/** `GET /api/markets`'s answer: every market, in the order the wizard offers them. */
const marketsResponseSchema = z.object({ markets: z.array(marketSchema) });
/** `GET /api/price-lists`'s answer: the lists per currency beside the book's US dollars. */
const priceListsResponseSchema = z.object({ lists: z.array(priceListSchema) });

/** The admin's market and price list screens change them under these keys. */
export const marketsQueryKey = ['markets'] as const;
export const priceListsQueryKey = ['price-lists'] as const;

export const marketsQueryOptions = () =>
  queryOptions({
    queryKey: marketsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/markets', { schema: marketsResponseSchema, signal }),
    staleTime: 60_000,
  });

export const priceListsQueryOptions = () =>
  queryOptions({
    queryKey: priceListsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/price-lists', { schema: priceListsResponseSchema, signal }),
    staleTime: 60_000,
  });

/** The markets a deck can be made for, with their currency, tax and language. */
export const useMarkets = () => useQuery(marketsQueryOptions());

/** The price lists a market's currency is priced from. */
export const usePriceLists = () => useQuery(priceListsQueryOptions());

/** `Japan · JPY`: a market as a select lists it. */
export const marketLabel = (market: Pick<Market, 'name' | 'currency'>) =>
  `${market.name} · ${market.currency}`;
