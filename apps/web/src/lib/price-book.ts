import { priceBookResponseSchema, type PriceBook } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** Every price book query lives under `price-book`: a change to the book reloads them all. */
export const priceBookQueryKey = ['price-book'] as const;

/**
 * `GET /api/price-book`: the products reps may sell now, as the wizard lists and prices them.
 * Nothing of the catalogue is compiled into the app: it is always this answer.
 */
export function usePriceBook() {
  return useQuery({
    queryKey: [...priceBookQueryKey, 'sellable'],
    queryFn: ({ signal }): Promise<PriceBook> =>
      apiRequest('/api/price-book', { schema: priceBookResponseSchema, signal }),
    staleTime: 60_000,
  });
}
