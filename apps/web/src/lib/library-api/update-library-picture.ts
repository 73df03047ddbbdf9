import { libraryPictureSchema, type UpdateLibraryPictureRequest } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

/** `PUT /api/library/pictures/:id`: a library picture's name or tags (content editors). */
export function useUpdateLibraryPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateLibraryPictureRequest }) =>
      apiRequest(`/api/library/pictures/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: change,
        schema: libraryPictureSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.allPictures }),
  });
}
