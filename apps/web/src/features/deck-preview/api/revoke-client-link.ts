import { clientLinkResponseSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { deckQueryOptions } from '../../../lib/deck-details.ts';

/** `POST /api/decks/:id/client-links/:linkId/revoke`: the link stops working at once. */
export function revokeClientLink({ deckId, linkId }: { deckId: string; linkId: string }) {
  return apiRequest(
    `/api/decks/${encodeURIComponent(deckId)}/client-links/${encodeURIComponent(linkId)}/revoke`,
    { method: 'POST', schema: clientLinkResponseSchema },
  );
}

export function useRevokeClientLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeClientLink,
    onSuccess: (_revoked, { deckId }) =>
      // The deck's key holds its links too, and a link changes the deck's status (shared).
      queryClient.invalidateQueries({ queryKey: deckQueryOptions(deckId).queryKey }),
  });
}
