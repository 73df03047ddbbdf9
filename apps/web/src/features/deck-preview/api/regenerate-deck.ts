import { newVersionResponseSchema, type DeckDraft } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/decks/:id/versions` with the deck's own draft: its next version, drawn from the
 * library reps build from now. The answer waits for the version to be made.
 */
export function useRegenerateDeck(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: DeckDraft) =>
      apiRequest(`/api/decks/${encodeURIComponent(id)}/versions`, {
        method: 'POST',
        body: draft,
        headers: { 'Idempotency-Key': crypto.randomUUID(), Prefer: 'wait=60' },
        schema: newVersionResponseSchema.passthrough(),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['decks', 'detail', id] }),
        queryClient.invalidateQueries({ queryKey: ['decks', 'recent'] }),
      ]),
  });
}
