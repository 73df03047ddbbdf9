import type { LibraryDocumentKind } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import {
  libraryDocumentPath,
  libraryDocumentResponseSchema,
  type LibraryDocument,
} from './get-library-document.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

/** `PUT /api/library/{slides|layouts}/:id {revision, document}`; a stale revision answers 409. */
export function saveLibraryDocument(input: {
  kind: LibraryDocumentKind;
  id: string;
  revision: number;
  document: LibraryDocument;
}) {
  return apiRequest(libraryDocumentPath(input.kind, input.id), {
    method: 'PUT',
    body: { revision: input.revision, document: input.document },
    schema: libraryDocumentResponseSchema(input.kind),
  });
}

export function useSaveLibraryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLibraryDocument,
    onSuccess: (saved, input) => {
      queryClient.setQueryData(libraryQueryKeys.document(input.kind, input.id), saved);
      void queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft });
    },
  });
}
