import {
  libraryPreviewResponseSchema,
  type LibraryPreviewRequest,
  type LibraryPreviewResponse,
} from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

/** `POST /api/library/preview`: the document as it stands, drawn by the engine. */
export function previewLibraryDocument(
  request: LibraryPreviewRequest,
  signal?: AbortSignal,
): Promise<LibraryPreviewResponse> {
  return apiRequest('/api/library/preview', {
    method: 'POST',
    body: request,
    schema: libraryPreviewResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The live preview of what the editor shows; the last good drawing stays while a new one comes. */
export function useLibraryPreview(request: LibraryPreviewRequest | undefined) {
  return useQuery({
    queryKey: [...libraryQueryKeys.all, 'preview', request] as const,
    queryFn: ({ signal }) => previewLibraryDocument(request!, signal),
    enabled: request !== undefined,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    retry: false,
  });
}
