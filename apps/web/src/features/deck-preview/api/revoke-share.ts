import { okResponseSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `DELETE /api/decks/:id/shares/:shareId`. */
export function revokeShare({ deckId, shareId }: { deckId: string; shareId: string }) {
  return apiRequest(
    `/api/decks/${encodeURIComponent(deckId)}/shares/${encodeURIComponent(shareId)}`,
    { method: 'DELETE', schema: okResponseSchema },
  );
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: (_ok, { deckId }) =>
      queryClient.invalidateQueries({ queryKey: ['decks', 'detail', deckId] }),
  });
}
