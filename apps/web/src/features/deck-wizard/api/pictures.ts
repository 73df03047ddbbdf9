import {
  deckPreflightSchema,
  pictureCheckSchema,
  uploadResponseSchema,
  type DeckDraft,
} from '@deck-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/decks/preflight`: pictures that cannot be used and warnings, before generating. */
export function usePreflight(draft: DeckDraft | null) {
  return useQuery({
    queryKey: ['deck-preflight', draft],
    queryFn: ({ signal }) =>
      apiRequest('/api/decks/preflight', {
        method: 'POST',
        body: draft,
        schema: deckPreflightSchema,
        signal,
      }),
    enabled: draft !== null,
    staleTime: 0,
    retry: false,
  });
}

/** `POST /api/pictures/check {url}`: can generation use the picture at this address? */
export function usePictureCheck(url: string) {
  return useQuery({
    queryKey: ['picture-check', url],
    queryFn: ({ signal }) =>
      apiRequest('/api/pictures/check', {
        method: 'POST',
        body: { url },
        schema: pictureCheckSchema,
        signal,
      }),
    enabled: url !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `POST /api/uploads` with the picture as the body, and its name (the picture library's). */
export function useUploadPicture() {
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest('/api/uploads', {
        method: 'POST',
        file,
        headers: file.name ? { 'X-File-Name': encodeURIComponent(file.name) } : {},
        schema: uploadResponseSchema,
      }),
  });
}
