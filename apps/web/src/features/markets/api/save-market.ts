import { marketViewSchema, type Market, type MarketChange } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketsQueryKey } from '../../../lib/markets.ts';

/**
 * `PUT /api/admin/markets/:code`: adds the market, or changes the one with its code (the address
 * names it; the server checks the rest and names each field it refuses).
 */
export function useSaveMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...market }: Market) =>
      apiRequest(`/api/admin/markets/${encodeURIComponent(code)}`, {
        method: 'PUT',
        body: market satisfies MarketChange,
        schema: marketViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketsQueryKey }),
  });
}
