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

export function useDeleteDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeck,
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: ['decks', 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: ['decks'] });
    },
  });
}
