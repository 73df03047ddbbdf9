import { librarySlideResponseSchema, type CreateLibrarySlideRequest } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

/** `POST /api/library/slides`: a new slide, empty or a copy of another. */
export function useCreateLibrarySlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateLibrarySlideRequest) =>
      apiRequest('/api/library/slides', {
        method: 'POST',
        body: request,
        schema: librarySlideResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft }),
  });
}
