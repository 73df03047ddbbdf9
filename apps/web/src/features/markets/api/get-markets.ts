import { marketSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/markets`'s answer: every market, in the order the wizard offers them. */
const marketsResponseSchema = z.object({ markets: z.array(marketSchema) });

export const marketsQueryKey = ['markets'] as const;

export const marketsQueryOptions = () =>
  queryOptions({
    queryKey: marketsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/markets', { schema: marketsResponseSchema, signal }),
  });

/** The markets decks can be made for, with their currency, tax and language. */
export const useMarkets = () => useQuery(marketsQueryOptions());
