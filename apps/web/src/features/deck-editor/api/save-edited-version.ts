import { generationStateSchema, type SaveEditedVersionRequest } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { editorPath } from './get-deck-editor.ts';

/**
 * `POST /api/decks/:id/editor/versions`: the draft drawn as the deck's next version, queued as
 * Modify → Generate queues one (202, the deck generating). A draft begun on an older version is
 * refused (409 `edit_conflict`) unless `replacing` names the newest.
 */
export function saveEditedVersion({
  deckId,
  ...request
}: SaveEditedVersionRequest & { deckId: string }) {
  return apiRequest(`${editorPath(deckId)}/versions`, {
    method: 'POST',
    body: request,
    schema: generationStateSchema,
  });
}

export function useSaveEditedVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEditedVersion,
    // The deck is generating: its page and the lists say so.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decks', 'detail'] }),
  });
}
