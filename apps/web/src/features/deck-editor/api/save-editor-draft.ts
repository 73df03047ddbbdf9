import { saveEditorDraftResponseSchema, type SaveEditorDraftRequest } from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { editorPath } from './get-deck-editor.ts';

/**
 * `PUT /api/decks/:id/editor`: the draft as it now stands, naming the revision it changes (a
 * save from another tab in between is refused: 409 `edit_draft_stale`).
 */
export function saveEditorDraft({
  deckId,
  ...request
}: SaveEditorDraftRequest & { deckId: string }) {
  return apiRequest(editorPath(deckId), {
    method: 'PUT',
    body: request,
    schema: saveEditorDraftResponseSchema,
  });
}

export function useSaveEditorDraft() {
  return useMutation({ mutationFn: saveEditorDraft });
}
