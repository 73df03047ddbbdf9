import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deckEditorSchema,
  editorNewSlideRequestSchema,
  editorNewSlideResponseSchema,
  editorPreviewRequestSchema,
  editorPreviewResponseSchema,
  generationStateSchema,
  saveEditedVersionRequestSchema,
  saveEditorDraftRequestSchema,
  saveEditorDraftResponseSchema,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import {
  discardEditorDraft,
  loadEditableDeck,
  openEditor,
  previewDraftSlide,
  saveEditorDraft,
} from './editor-drafts.ts';
import { newEditorSlide } from './new-editor-slide.ts';
import { saveOnlineEdits } from './save-edited-version.ts';

const params = z.object({ id: z.string() });

/** An edited deck of many imported slides (their shapes' outlines) is larger than most bodies. */
const draftBodyLimit = 16 * 1024 * 1024;

/**
 * The online editor (issue 49): a person's draft of a deck's next version, saved as they type,
 * its slides previewed as the deck draws them, saved as the next version by a job.
 */
export async function editorRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['deck editor'];
  const approved = requireApproved();

  app.get(
    '/api/decks/:id/editor',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          "The caller's draft of the deck's next version, begun from the newest version the first time; with who else is editing and any version saved since the draft began.",
        params,
        response: { 200: deckEditorSchema, ...apiErrorResponses },
      },
    },
    async (request) => openEditor(services, { user: request.user!, deckId: request.params.id }),
  );

  app.put(
    '/api/decks/:id/editor',
    {
      onRequest: approved,
      bodyLimit: draftBodyLimit,
      schema: {
        tags,
        description:
          "Saves the draft as it stands. `revision` is the draft's as last read: a save from another window in between is refused (409 `edit_draft_stale`).",
        params,
        body: saveEditorDraftRequestSchema,
        response: { 200: saveEditorDraftResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      saveEditorDraft(services, {
        user: request.user!,
        deckId: request.params.id,
        request: request.body,
      }),
  );

  app.delete(
    '/api/decks/:id/editor',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          "Discards the caller's draft: the editor begins again from the newest version.",
        params,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      await discardEditorDraft(services, { user: request.user!, deckId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/decks/:id/editor/versions',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          "Queues the draft as the deck's next version (202, followed like Modify → Generate). 409 `edit_conflict` when a version was saved after the draft began and `replacing` does not name it; 422 when a priced slide's figures were typed over or nothing changed.",
        params,
        body: saveEditedVersionRequestSchema,
        response: { 202: generationStateSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { queued } = await saveOnlineEdits(services, {
        user: request.user!,
        deckId: request.params.id,
        request: request.body,
      });
      return reply.code(202).send(queued);
    },
  );

  app.post(
    '/api/decks/:id/editor/preview',
    {
      onRequest: approved,
      bodyLimit: draftBodyLimit,
      schema: {
        tags,
        description: "One slide of the draft drawn as the deck's next version would draw it (SVG).",
        params,
        body: editorPreviewRequestSchema,
        response: { 200: editorPreviewResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({
      svg: await previewDraftSlide(services, {
        user: request.user!,
        deckId: request.params.id,
        slide: request.body.slide,
      }),
    }),
  );

  app.post(
    '/api/decks/:id/editor/slides',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          'A slide to add to the draft: a template slide of the library, or a custom slide from a layout. The editor puts it in and saves the draft.',
        params,
        body: editorNewSlideRequestSchema,
        response: { 200: editorNewSlideResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await loadEditableDeck(services, request.user!, request.params.id);
      return { slide: await newEditorSlide(services, request.body) };
    },
  );
}
