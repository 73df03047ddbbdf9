import { createClientLinkResponseSchema, type CreateClientLinkRequest } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { deckQueryOptions } from '../../../lib/deck-details.ts';

/**
 * `POST /api/decks/:id/client-links`: answers the link's address, told this once only (the
 * server keeps a hash of it), and whether it was mailed.
 */
export function createClientLink({
  deckId,
  request,
}: {
  deckId: string;
  request: CreateClientLinkRequest;
}) {
  return apiRequest(`/api/decks/${encodeURIComponent(deckId)}/client-links`, {
    method: 'POST',
    body: request,
    schema: createClientLinkResponseSchema,
  });
}

export function useCreateClientLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientLink,
    onSuccess: (_created, { deckId }) =>
      // The deck's key holds its links too, and a link changes the deck's status (shared).
      queryClient.invalidateQueries({ queryKey: deckQueryOptions(deckId).queryKey }),
  });
}
