import { editorPreviewResponseSchema, type EditedSlide } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { editorPath } from './get-deck-editor.ts';

/** `POST /api/decks/:id/editor/preview`: one slide of the draft drawn as the deck draws it. */
export function previewEditorSlide(deckId: string, slide: EditedSlide, signal?: AbortSignal) {
  return apiRequest(`${editorPath(deckId)}/preview`, {
    method: 'POST',
    body: { slide },
    schema: editorPreviewResponseSchema,
    signal,
  });
}

/**
 * A slide's drawing, kept per slide content: a thumbnail is drawn once until its slide changes,
 * and an undo finds the drawing it had. The last drawing stays while a new one comes.
 */
export function useEditorSlidePreview(deckId: string, slide: EditedSlide | undefined) {
  return useQuery({
    queryKey: ['decks', deckId, 'editor', 'preview', slide?.document] as const,
    queryFn: ({ signal }) => previewEditorSlide(deckId, slide!, signal),
    enabled: slide !== undefined,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
