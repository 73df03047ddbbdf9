import { shareResponseSchema, type ShareRequest } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/share-presentation`: grants an e-mail address view or edit access and mails the
 * link; sharing again with the address changes its access (`previousAccess` says what it was).
 */
export function shareDeck(request: ShareRequest) {
  return apiRequest('/api/share-presentation', {
    method: 'POST',
    body: request,
    schema: shareResponseSchema,
  });
}

export function useShareDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareDeck,
    // The share list and the deck's status (now shared) both change.
    onSuccess: (_share, { presentationId }) =>
      queryClient.invalidateQueries({ queryKey: ['decks', 'detail', presentationId] }),
  });
}
