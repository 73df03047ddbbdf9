import { okResponseSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

/** `DELETE /api/library/slides/:id`: a slide added since the last publish leaves the draft. */
export function useDeleteLibrarySlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/library/slides/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: okResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft }),
  });
}
