import {
  generationProgressSchema,
  generationResponseSchema,
  type SaveEditedFileRequest,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** 202 while the version is generated (to follow like Modify → Generate), 201 once it is made. */
const savedVersionSchema = generationResponseSchema.extend({
  status: z.enum(['generating', 'completed', 'failed']).default('completed'),
  progress: generationProgressSchema.nullable().default(null),
  error: z.string().nullable().default(null),
  warnings: z.array(z.string()).default([]),
  version: z.number().int().optional(),
});
export type SavedEditedFileVersion = z.infer<typeof savedVersionSchema>;

/**
 * `POST /api/decks/:id/edited-files/:fileId/versions`: the file as the deck's next version, with
 * its own figures (a changed price goes to the deal desk) or the quote's.
 */
export function useSaveEditedFile(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, ...request }: SaveEditedFileRequest & { fileId: string }) =>
      apiRequest(
        `/api/decks/${encodeURIComponent(deckId)}/edited-files/${encodeURIComponent(fileId)}/versions`,
        {
          method: 'POST',
          body: request,
          schema: savedVersionSchema,
        },
      ),
    // The deck page shows a version made at once; one being generated is followed, then shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decks', 'detail', deckId] }),
  });
}
