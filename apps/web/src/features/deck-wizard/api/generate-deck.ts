import {
  generationProgressSchema,
  generationResponseSchema,
  type DeckDraft,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const generateResponseSchema = generationResponseSchema.extend({
  warnings: z.array(z.string()).default([]),
  /** The version made, when the draft modified a deck. */
  version: z.number().optional(),
  /** A new deck is queued and `generating` until a worker has made it; a version is made at once. */
  status: z.enum(['generating', 'completed', 'failed']).default('completed'),
  progress: generationProgressSchema.nullable().default(null),
  error: z.string().nullable().default(null),
});
export type GeneratedDeck = z.infer<typeof generateResponseSchema>;

/**
 * `POST /api/generate-slides`, or `POST /api/decks/{id}/versions` when the draft modifies a
 * deck (its next version). Each click carries a fresh Idempotency-Key, so a retry of the same
 * request (a flaky network) returns the same deck or version rather than a second one.
 */
export function generateDeck({
  draft,
  idempotencyKey,
  deckId,
}: {
  draft: DeckDraft;
  idempotencyKey: string;
  /** The deck the draft modifies; absent for a new deck. */
  deckId?: string | undefined;
}) {
  const url = deckId ? `/api/decks/${encodeURIComponent(deckId)}/versions` : '/api/generate-slides';
  return apiRequest(url, {
    method: 'POST',
    body: draft,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: generateResponseSchema,
  });
}

export function useGenerateDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateDeck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decks'] }),
  });
}
