import { uploadResponseSchema } from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/uploads`: a picture of the rep's own for a slide, as the wizard takes one. */
export function useUploadSlidePicture() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest('/api/uploads', { method: 'POST', file, schema: uploadResponseSchema }),
  });
}
