import { editedFileSchema, pptxContentTypes } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { editedFileQuery } from './get-edited-file.ts';

/**
 * `POST /api/decks/:id/edited-files?name=…`: the edited `.pptx` itself as the body; answers 202
 * while the file is read and compared with the deck's newest version.
 */
export function uploadEditedFile({ deckId, file }: { deckId: string; file: File }) {
  const name = new URLSearchParams({ name: file.name });
  return apiRequest(`/api/decks/${encodeURIComponent(deckId)}/edited-files?${name}`, {
    method: 'POST',
    // Sent as a PowerPoint file whatever type the browser guessed (none, on some systems).
    file: file.slice(0, file.size, pptxContentTypes[0]),
    schema: editedFileSchema,
  });
}

export function useUploadEditedFile(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadEditedFile({ deckId, file }),
    // The file is polled from here on; it starts from the answer, not from a request.
    onSuccess: (uploaded) =>
      queryClient.setQueryData(editedFileQuery(deckId, uploaded.id).queryKey, uploaded),
  });
}
