import { changeShareAccessResponseSchema, type ShareAccess } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `PATCH /api/decks/:id/shares/:shareId`: what one colleague the deck is shared with may do. */
export function changeShareAccess({
  deckId,
  shareId,
  access,
}: {
  deckId: string;
  shareId: string;
  access: ShareAccess;
}) {
  return apiRequest(
    `/api/decks/${encodeURIComponent(deckId)}/shares/${encodeURIComponent(shareId)}`,
    { method: 'PATCH', body: { access }, schema: changeShareAccessResponseSchema },
  );
}

export function useChangeShareAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeShareAccess,
    onSuccess: (_share, { deckId }) =>
      queryClient.invalidateQueries({ queryKey: ['decks', 'detail', deckId, 'shares'] }),
  });
}
