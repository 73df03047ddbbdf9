import { marketSchema, type Market } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketsQueryKey } from './get-markets.ts';

/** `PUT /api/admin/markets/:code`: adds the market, or changes the one with its code. */
export function useSaveMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (market: Market) =>
      apiRequest(`/api/admin/markets/${encodeURIComponent(market.code)}`, {
        method: 'PUT',
        body: market,
        schema: marketSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketsQueryKey }),
  });
}
