import {
  librarySlideResponseSchema,
  type SaveLibrarySlideRequest,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

/** `PUT /api/library/slides/:id {revision, document}`; a stale revision answers 409. */
export function saveLibrarySlide(request: SaveLibrarySlideRequest & { id: string }) {
  return apiRequest(`/api/library/slides/${encodeURIComponent(request.id)}`, {
    method: 'PUT',
    body: { revision: request.revision, document: request.document },
    schema: librarySlideResponseSchema,
  });
}

export function useSaveLibrarySlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; revision: number; document: TemplateSlideDocument }) =>
      saveLibrarySlide(input),
    onSuccess: (saved, input) => {
      queryClient.setQueryData(libraryQueryKeys.slide(input.id), saved);
      void queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft });
    },
  });
}
