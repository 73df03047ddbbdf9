import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

/** `PUT /api/library/slide-order`: every slide, in the new order. */
export function useReorderLibrarySlides() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slideIds: string[]) =>
      apiRequest('/api/library/slide-order', {
        method: 'PUT',
        body: { slideIds },
        schema: z.object({ ok: z.literal(true) }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft }),
  });
}
