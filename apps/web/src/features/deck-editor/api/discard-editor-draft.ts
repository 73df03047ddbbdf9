import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { editorPath } from './get-deck-editor.ts';

/** `DELETE /api/decks/:id/editor`: the caller's draft thrown away; the next open starts anew. */
export function discardEditorDraft(deckId: string) {
  return apiRequest(editorPath(deckId), { method: 'DELETE', schema: z.unknown() });
}

export function useDiscardEditorDraft() {
  return useMutation({ mutationFn: discardEditorDraft });
}
