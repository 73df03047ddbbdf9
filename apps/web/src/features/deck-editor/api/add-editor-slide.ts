import { editorNewSlideResponseSchema, type EditorNewSlideRequest } from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { editorPath } from './get-deck-editor.ts';

/**
 * `POST /api/decks/:id/editor/slides`: a slide made from a library slide or a layout, with a key
 * new to the draft. It is not in the draft until the editor puts it in (and saves).
 */
export function makeEditorSlide({
  deckId,
  request,
}: {
  deckId: string;
  request: EditorNewSlideRequest;
}) {
  return apiRequest(`${editorPath(deckId)}/slides`, {
    method: 'POST',
    body: request,
    schema: editorNewSlideResponseSchema,
  });
}

export function useMakeEditorSlide() {
  return useMutation({ mutationFn: makeEditorSlide });
}
