import type { PublishLibraryRequest } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

const publishedSchema = z.object({ number: z.number(), changes: z.array(z.string()) });

/**
 * `POST /api/library/publish {note, reason?}`: the draft becomes the version reps build from; a
 * reason is needed when preflight finds something on its slides.
 */
export function usePublishLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishLibraryRequest) =>
      apiRequest('/api/library/publish', {
        method: 'POST',
        body: request,
        schema: publishedSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.all }),
  });
}

/** `POST /api/library/versions/:number/restore`: an older version, published again. */
export function useRestoreLibraryVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: number) =>
      apiRequest(`/api/library/versions/${number}/restore`, {
        method: 'POST',
        schema: publishedSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.all }),
  });
}

/** `POST /api/library/discard`: the draft's unpublished changes thrown away. */
export function useDiscardLibraryDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/library/discard', {
        method: 'POST',
        schema: z.object({ ok: z.literal(true) }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.all }),
  });
}
