import { uploadResponseSchema } from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** `POST /api/library/pictures`: a picture for the library's slides (PNG, JPEG, WebP, GIF, SVG). */
export function useUploadLibraryPicture() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest('/api/library/pictures', {
        method: 'POST',
        file,
        schema: uploadResponseSchema,
      }),
  });
}
