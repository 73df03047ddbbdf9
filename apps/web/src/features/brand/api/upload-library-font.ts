import { libraryFontResponseSchema } from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/library/fonts`: a font file for the brand (TrueType, OpenType or WOFF2). */
export function useUploadLibraryFont() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest('/api/library/fonts', { method: 'POST', file, schema: libraryFontResponseSchema }),
  });
}
