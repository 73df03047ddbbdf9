import { uploadResponseSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

/**
 * Where a new picture goes: `library`, shared with every rep (`POST /api/library/pictures`:
 * PNG, JPEG, WebP, GIF, SVG; content editors), or `own`, a rep's own slide picture
 * (`POST /api/uploads`). Its file's name goes with it: the library shows, searches and tags it.
 */
export function useUploadLibraryPicture(to: 'library' | 'own' = 'library') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest(to === 'library' ? '/api/library/pictures' : '/api/uploads', {
        method: 'POST',
        file,
        headers: file.name ? { 'X-File-Name': encodeURIComponent(file.name) } : {},
        schema: uploadResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryQueryKeys.allPictures }),
  });
}
