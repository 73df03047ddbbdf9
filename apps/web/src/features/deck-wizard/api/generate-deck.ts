import { generationResponseSchema, type DeckDraft } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const generateResponseSchema = generationResponseSchema.extend({
  warnings: z.array(z.string()).default([]),
});
export type GeneratedDeck = z.infer<typeof generateResponseSchema>;

/**
 * `POST /api/generate-slides`. Each click carries a fresh Idempotency-Key, so a retry of the
 * same request (a flaky network) returns the same deck rather than a second one.
 */
export function generateDeck({
  draft,
  idempotencyKey,
}: {
  draft: DeckDraft;
  idempotencyKey: string;
}) {
  return apiRequest('/api/generate-slides', {
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
