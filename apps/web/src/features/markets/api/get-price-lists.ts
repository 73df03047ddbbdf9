import { priceListSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const priceListsResponseSchema = z.object({ lists: z.array(priceListSchema) });

/**
 * `GET /api/price-lists`, read here for the currencies a market can quote in (the price book's
 * page edits the lists, under the same key).
 */
export const usePriceLists = () =>
  useQuery(
    queryOptions({
      queryKey: ['price-lists'] as const,
      queryFn: ({ signal }) =>
        apiRequest('/api/price-lists', { schema: priceListsResponseSchema, signal }),
    }),
  );
