import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deckDraftSchema,
  generationStateSchema,
  newVersionResponseSchema,
  type GenerationState,
} from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { loadDeckFor } from './deck-access.ts';
import { followGeneration } from './follow-generation.ts';
import { generateDeckForUser } from './generate-deck.ts';
import { generateNextVersion } from './generate-version.ts';
import { generationState, retryGeneration } from './generation-job.ts';

const deckIdParams = z.object({ id: z.string() });
/** A retried request with the same key answers what the first one made. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200, 'Idempotency-Key is at most 200 characters')
    .optional(),
});
const generateHeaders = idempotencyHeaders.extend({
  /** RFC 7240: `wait=N` answers once the deck is made, or after N seconds (at most 60). */
  prefer: z.string().max(200).optional(),
});

/** How long a caller asked to wait for the result (`Prefer: wait=N`), in milliseconds. */
export function preferredWaitMs(prefer: string | undefined) {
  const seconds = /(?:^|[\s,;])wait=(\d{1,4})(?:$|[\s,;])/i.exec(prefer ?? '')?.[1];
  return seconds === undefined ? 0 : Math.min(Number(seconds), 60) * 1_000;
}

/** A deck's generation: start it, ask where it stands, follow it as events, try it again. */
export async function generationRoutes(
  server: FastifyInstance,
  { services, draining }: { services: Services; draining: AbortSignal },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['decks'];
  const approved = requireApproved();

  app.post(
    '/api/generate-slides',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          'Stores the deck as generating and queues it: answers 202 at once. With `Prefer: wait=N` it answers 201 when the deck is made within N seconds.',
        headers: generateHeaders,
        body: deckDraftSchema,
        response: {
          201: generationStateSchema,
          202: generationStateSchema,
          ...apiErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const accepted = await generateDeckForUser(services, {
        user: request.user!,
        draft: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      const state = await settleWithin(services, request, request.headers.prefer, accepted);
      reply.header('location', `/api/decks/${state.presentationId}/generation`);
      return reply.code(state.status === 'completed' ? 201 : 202).send(state);
    },
  );

  // Modify → Generate: the changed draft becomes the deck's next version.
  app.post(
    '/api/decks/:id/versions',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          "Queues the deck's next version: answers 202 to follow like a new deck, or 201 with the version when this Idempotency-Key made it already or `Prefer: wait=N` saw it made.",
        params: deckIdParams,
        headers: generateHeaders,
        body: deckDraftSchema,
        response: {
          201: newVersionResponseSchema,
          202: generationStateSchema,
          ...apiErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const answer = await generateNextVersion(services, {
        user: request.user!,
        deckId: request.params.id,
        draft: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if ('made' in answer) return reply.code(201).send(answer.made);
      const state = await settleWithin(
        services,
        request,
        request.headers.prefer,
        answer.queued,
        answer.jobId,
      );
      if (state.status === 'completed' && state.version !== undefined) {
        return reply.code(201).send({ ...state, version: state.version });
      }
      return reply.code(202).send(state);
    },
  );

  app.get(
    '/api/decks/:id/generation',
    {
      onRequest: approved,
      schema: {
        tags,
        description:
          "Where the deck's generation stands: its stage while generating, or why it failed.",
        params: deckIdParams,
        response: { 200: generationStateSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const deck = await loadDeckFor(services, {
        user: request.user!,
        deckId: request.params.id,
        need: 'view',
        allowUnready: true,
      });
      return generationState(services, deck);
    },
  );

  app.get(
    '/api/decks/:id/generation/events',
    {
      onRequest: approved,
      // Each event must reach the browser as it is written, not when a compressor's block fills.
      compress: false,
      schema: {
        tags,
        description:
          'Server-sent events: a `state` event now and at each change, until the deck is completed or failed.',
        params: deckIdParams,
      },
    },
    async (request, reply) => {
      const deck = await loadDeckFor(services, {
        user: request.user!,
        deckId: request.params.id,
        need: 'view',
        allowUnready: true,
      });
      return streamGeneration(services, { request, reply, draining }, deck.id);
    },
  );

  app.post(
    '/api/decks/:id/generation/retry',
    {
      onRequest: approved,
      schema: {
        tags,
        description: 'Try again: queues a failed deck once more, from its stored draft.',
        params: deckIdParams,
        response: { 202: generationStateSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const deck = await loadDeckFor(services, {
        user: request.user!,
        deckId: request.params.id,
        need: 'manage',
        allowUnready: true,
      });
      return reply.code(202).send(await retryGeneration(services, deck));
    },
  );
}

/**
 * With `Prefer: wait=N`, the generation's state once it is made or after N seconds; at once
 * without. A generation that failed answers 422 with the reason.
 */
async function settleWithin(
  services: Services,
  request: FastifyRequest,
  prefer: string | undefined,
  accepted: GenerationState,
  jobId?: string,
) {
  const waitMs = preferredWaitMs(prefer);
  const state =
    waitMs > 0 && accepted.status === 'generating'
      ? await waitForGeneration(services, request, accepted, waitMs, jobId)
      : accepted;
  if (state.status === 'failed') {
    throw new AppError('generation_failed', state.error ?? 'The deck could not be made.', {
      status: 422,
    });
  }
  return state;
}

async function waitForGeneration(
  services: Services,
  request: FastifyRequest,
  accepted: GenerationState,
  waitMs: number,
  jobId: string | undefined,
): Promise<GenerationState> {
  let latest = accepted;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), waitMs);
  const gone = () => stop.abort();
  request.raw.once('close', gone);
  try {
    await followGeneration(
      services,
      accepted.presentationId,
      (state) => {
        if (state) latest = state;
      },
      { signal: stop.signal, ...(jobId ? { jobId } : {}) },
    );
  } finally {
    clearTimeout(timer);
    request.raw.off('close', gone);
  }
  return latest;
}

/** The response stays open and carries one `state` event per change, then ends. */
async function streamGeneration(
  services: Services,
  {
    request,
    reply,
    draining,
  }: { request: FastifyRequest; reply: FastifyReply; draining: AbortSignal },
  deckId: string,
) {
  const events = new PassThrough();
  const stop = new AbortController();
  request.raw.once('close', () => stop.abort());
  // A stopping server ends the stream at once rather than hold its exit until the timeout: the
  // client follows on elsewhere: an EventSource reconnects after `retry`, the wizard polls.
  const drain = () => {
    events.write(': the server is stopping; reconnect\n\n');
    stop.abort();
  };
  if (draining.aborted) drain();
  else draining.addEventListener('abort', drain, { once: true });
  // The browser reconnects after this long if the stream breaks before the deck is done.
  events.write('retry: 2000\n\n');
  // A comment now and then keeps idle connections from being cut by proxies.
  const keepAlive = setInterval(() => events.write(': still generating\n\n'), 15_000);
  void followGeneration(
    services,
    deckId,
    (state) => {
      if (state) events.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
      else events.write(`event: gone\ndata: {"message":"Deck not found."}\n\n`);
    },
    { signal: stop.signal },
  ).finally(() => {
    draining.removeEventListener('abort', drain);
    clearInterval(keepAlive);
    events.end();
  });
  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // Proxies such as nginx would otherwise hold the events back.
      .header('x-accel-buffering', 'no')
      .send(events)
  );
}
