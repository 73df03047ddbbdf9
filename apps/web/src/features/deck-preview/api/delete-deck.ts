import { okResponseSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `DELETE /api/decks/:id`: the deck and its files. */
export function deleteDeck(id: string) {
  return apiRequest(`/api/decks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: okResponseSchema,
  });
}

/**
 * Deletes, then lets the caller leave the deck's screen. Only the lists are refreshed: the
 * deck's own queries are left to expire, since refetching them while the screen is still
 * mounted would only answer 404.
 */
export function useDeleteDeck(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeck,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['decks', 'recent'] }),
        queryClient.invalidateQueries({ queryKey: ['decks', 'all'] }),
      ]);
      await leave();
    },
  });
}
