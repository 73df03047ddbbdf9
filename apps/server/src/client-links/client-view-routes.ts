import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptProposalRequestSchema,
  acceptProposalResponseSchema,
  alreadyAcceptedErrorSchema,
  declineProposalRequestSchema,
  clientHeadline,
  clientLinkMessages,
  clientLinkPaths,
  clientLinkSenderSchema,
  clientViewSchema,
  startVisitResponseSchema,
  unlockClientViewRequestSchema,
  linkClickSchema,
  isUuid,
  viewEventBatchSchema,
} from '@deck-portal/domain';
import { deckFileDisposition } from '../decks/download-name.ts';
import { deckFileNames } from '../decks/version-files.ts';
import { sendDeckFile } from '../decks/send-deck-file.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { getClientView } from './get-client-view.ts';
import { getLinkSender, loadBrandLogo, loadSenderPhoto } from './get-link-sender.ts';
import { recordLinkClick } from './record-link-click.ts';
import { recordViewEvents } from './record-view-events.ts';
import {
  openClientLink,
  refuseLink,
  resolveClientLink,
  unlockCookieName,
} from './resolve-client-link.ts';
import {
  startClientVisit,
  viewerCookieLifetimeSeconds,
  viewerCookieName,
} from './start-client-visit.ts';
import { tooManyRequestsPageHtml, unavailablePageFor } from './unavailable-page.ts';
import { unlockClientLink } from './unlock-client-link.ts';
import { requireVerifiedViewer, viewerEmailCookieName } from './verify-viewer-proof.ts';
import { verifyViewerRoutes } from './verify-viewer-routes.ts';
import { proposalUpdatingPageHtml } from '../deal-desk/client-visibility.ts';
import { acceptProposal, AlreadyAcceptedError } from '../proposals/accept-proposal.ts';
import { declineProposal } from '../proposals/decline-proposal.ts';
import { endVisit, isVisitOf } from '../events/end-visit.ts';

const tokenParams = z.object({ token: z.string() });

/**
 * The page with hints to fetch what its script asks for first, alongside the script rather than
 * after it: on a slow phone network every round trip saved is half a second. The first slide
 * is fetched early only when no passcode stands in front of it.
 */
function withPreloads(page: string, token: string, isOpen: boolean) {
  // A token that opened a link is URL-safe already; escaped all the same, as any attribute.
  const escapeHtml = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const hint = (href: string, as: 'fetch' | 'image') =>
    `<link rel="preload" href="${escapeHtml(href)}" as="${as}"${as === 'fetch' ? ' crossorigin' : ''} />`;
  const hints = [
    hint(clientLinkPaths.api(token), 'fetch'),
    hint(clientLinkPaths.sender(token), 'fetch'),
    ...(isOpen ? [hint(clientLinkPaths.slide(token, 1), 'image')] : []),
  ];
  return page.replace('</head>', `    ${hints.join('\n    ')}\n  </head>`);
}

/**
 * The client's side of client links: the page at /v/{token} and the API under
 * /api/client-view/{token}. The token is the only credential, and it opens this one deck's
 * view, slide images and (when allowed) PDF: nothing else. The token is in these addresses,
 * so no response may leak it onward (no Referer), be indexed or be cached.
 */
export async function clientViewRoutes(
  server: FastifyInstance,
  { services, webRoot }: { services: Services; webRoot: string | undefined },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['client view'];
  const isHttps = services.config.publicUrl.startsWith('https://');

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('cache-control', 'no-store');
    return payload;
  });

  // `navigator.sendBeacon` can only send a string as text/plain: read it as the JSON it is.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('bad_request', 'The request body is not valid JSON.'), undefined);
    }
  });

  const html = 'text/html; charset=utf-8';
  /** A refused link's page: 404, or 429 with Retry-After once the address was refused too often. */
  const sendRefusalPage = (reply: FastifyReply, refusal: AppError) =>
    refusal.code === 'too_many_requests'
      ? reply
          .code(429)
          .headers(refusal.headers ?? {})
          .type(html)
          .send(tooManyRequestsPageHtml)
      : reply
          .code(404)
          .type(html)
          // In the browser's language, as the client page says it (never the deck's).
          .send(unavailablePageFor(reply.request.headers['accept-language']));
  const isRefusal = (error: unknown): error is AppError =>
    error instanceof AppError &&
    (error.code === 'link_unavailable' || error.code === 'too_many_requests');

  const clientPage = async (request: FastifyRequest, token: string, reply: FastifyReply) => {
    let open;
    try {
      open = await resolveClientLink(services, { token, ip: request.ip });
    } catch (error) {
      // Only a refused link gets the page; anything else (the database down) is a real error.
      if (isRefusal(error)) return sendRefusalPage(reply, error);
      if (error instanceof AppError && error.code === 'proposal_updating') {
        return reply.code(409).type(html).send(proposalUpdatingPageHtml);
      }
      throw error;
    }
    const page = webRoot
      ? await readFile(path.join(webRoot, 'client-view.html'), 'utf8').catch(() => undefined)
      : undefined;
    if (!page) {
      throw new AppError('unavailable', 'The web app is not built on this server.', {
        status: 503,
      });
    }
    const isOpen = open.link.passcodeHash === null && !open.link.requireEmail;
    return reply.type(html).send(withPreloads(page, token, isOpen));
  };
  for (const url of ['/v/:token', '/v/:token/']) {
    app.get(url, { schema: { hide: true, params: tokenParams } }, async (request, reply) =>
      clientPage(request, request.params.token, reply),
    );
  }
  // Anything else under /v/ is no link either, and looks the same.
  app.get('/v/*', { schema: { hide: true } }, async (request, reply) =>
    sendRefusalPage(reply, await refuseLink(services, request.ip)),
  );
  // An address under a link's API that names nothing answers the one refusal too, with these
  // headers, and without repeating the address (and its token) back.
  app.all('/api/client-view/*', { schema: { hide: true } }, async (request) => {
    throw await refuseLink(services, request.ip);
  });

  const proofOf = (request: FastifyRequest) => request.cookies[unlockCookieName];
  const emailProofOf = (request: FastifyRequest) => request.cookies[viewerEmailCookieName];
  const opened = (request: FastifyRequest, token: string) =>
    openClientLink(services, {
      token,
      proof: proofOf(request),
      emailProof: emailProofOf(request),
      ip: request.ip,
    });

  app.get(
    '/api/client-view/:token',
    {
      schema: {
        tags,
        params: tokenParams,
        response: { 200: clientViewSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      getClientView(services, {
        open: await opened(request, request.params.token),
        token: request.params.token,
        viewerToken: request.cookies[viewerCookieName],
      }),
  );

  // Who sent the link is shown before its passcode: the token alone opens these three, but on
  // a link that asks for the viewer's e-mail, the rep only once the address is verified.
  app.get(
    '/api/client-view/:token/sender',
    {
      schema: {
        tags,
        params: tokenParams,
        response: { 200: clientLinkSenderSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const { token } = request.params;
      const open = await resolveClientLink(services, { token, ip: request.ip });
      await requireVerifiedViewer(services, open.link, emailProofOf(request));
      return getLinkSender(services, { open, token });
    },
  );

  app.get(
    '/api/client-view/:token/sender/photo',
    { schema: { tags, params: tokenParams } },
    async (request, reply) => {
      const open = await resolveClientLink(services, {
        token: request.params.token,
        ip: request.ip,
      });
      await requireVerifiedViewer(services, open.link, emailProofOf(request));
      const photo = await loadSenderPhoto(services, open);
      if (!photo) throw new AppError('not_found', 'The sender has no photo.');
      return reply.type(photo.contentType).header('content-length', photo.size).send(photo.body);
    },
  );

  app.get(
    '/api/client-view/:token/sender/logo',
    { schema: { tags, params: tokenParams } },
    async (request, reply) => {
      await resolveClientLink(services, { token: request.params.token, ip: request.ip });
      const logo = await loadBrandLogo(services);
      if (!logo) throw new AppError('not_found', 'The company has no logo.');
      return (
        reply
          .type(logo.contentType)
          .header('content-length', logo.size)
          // A logo may be an SVG: opened on its own, it runs nothing and loads nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(logo.body)
      );
    },
  );

  app.post(
    '/api/client-view/:token/unlock',
    {
      schema: {
        tags,
        params: tokenParams,
        body: unlockClientViewRequestSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const unlocked = await unlockClientLink(services, {
        token,
        passcode: request.body.passcode,
        ip: request.ip,
        emailProof: emailProofOf(request),
      });
      if (unlocked) {
        reply.setCookie(unlockCookieName, unlocked.proof, {
          httpOnly: true,
          sameSite: 'lax',
          secure: isHttps,
          // Sent only with this link's own requests.
          path: clientLinkPaths.api(token),
          expires: unlocked.expiresAt,
        });
      }
      return reply.code(204).send(null);
    },
  );

  await verifyViewerRoutes(app, { services, isHttps });

  app.get(
    '/api/client-view/:token/slides/:index',
    {
      schema: {
        tags,
        params: tokenParams.extend({ index: z.coerce.number().int().min(1).max(1000) }),
      },
    },
    async (request, reply) => {
      const { deck, version } = await opened(request, request.params.token);
      if (request.params.index > version.slideCount) {
        throw new AppError('not_found', 'File not found.');
      }
      return sendDeckFile(services, reply, {
        deckId: deck.id,
        name: deckFileNames.slide(version.number, request.params.index),
      });
    },
  );

  app.get(
    '/api/client-view/:token/download',
    { schema: { tags, params: tokenParams } },
    async (request, reply) => {
      const { link, deck, version } = await opened(request, request.params.token);
      if (!link.allowDownload) {
        throw new AppError('forbidden', clientLinkMessages.downloadNotAllowed);
      }
      return sendDeckFile(services, reply, {
        deckId: deck.id,
        name: deckFileNames.pdf(version.number),
        disposition: deckFileDisposition(clientHeadline(version.draft.basicInfo), 'pdf'),
      });
    },
  );

  app.post(
    '/api/client-view/:token/visits',
    {
      schema: {
        tags,
        params: tokenParams,
        body: z.object({}).nullish(),
        response: { 201: startVisitResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const open = await opened(request, token);
      const { visit, viewerToken } = await startClientVisit(services, {
        open,
        user: request.user,
        viewerToken: request.cookies[viewerCookieName],
        ip: request.ip,
      });
      if (viewerToken) {
        reply.setCookie(viewerCookieName, viewerToken, {
          httpOnly: true,
          sameSite: 'lax',
          secure: isHttps,
          // This link's own requests only: a viewer of one link is a stranger to every other.
          path: clientLinkPaths.api(token),
          maxAge: viewerCookieLifetimeSeconds,
        });
      }
      return reply.code(201).send(visit);
    },
  );

  app.post(
    '/api/client-view/:token/visits/:visitId/events',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        params: tokenParams.extend({ visitId: z.string() }),
        body: viewEventBatchSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const open = await opened(request, request.params.token);
      await recordViewEvents(services, {
        open,
        visitId: request.params.visitId,
        batch: request.body,
      });
      return reply.code(204).send(null);
    },
  );

  // The page's last word as it goes away (a beacon, after its last events): the visit is over.
  // A visit never ended so is ended by the sweep once quiet; ending one twice does nothing.
  app.post(
    '/api/client-view/:token/visits/:visitId/end',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        params: tokenParams.extend({ visitId: z.string() }),
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const open = await opened(request, request.params.token);
      const { visitId } = request.params;
      const notFound = new AppError('not_found', clientLinkMessages.visitNotFound);
      if (!isUuid(visitId)) throw notFound;
      // Ended already (the sweep came first, or the beacon was sent twice) is as good.
      const ended = await endVisit(services, visitId, open.link.id);
      if (!ended && !(await isVisitOf(services, visitId, open.link.id))) throw notFound;
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/client-view/:token/visits/:visitId/link-clicks',
    {
      bodyLimit: 1024,
      schema: {
        tags,
        params: tokenParams.extend({ visitId: z.string() }),
        body: linkClickSchema,
        response: { 204: z.null(), ...apiErrorResponses },
      },
    },
    async (request, reply) => {
      const open = await opened(request, request.params.token);
      await recordLinkClick(services, {
        open,
        visitId: request.params.visitId,
        click: request.body,
      });
      return reply.code(204).send(null);
    },
  );

  // The client's answer: accept (once per deck) or "not now". 409 `already_accepted` carries
  // the first acceptance, so a second tab shows what was recorded.
  const sendAlreadyAccepted = (reply: FastifyReply, error: AlreadyAcceptedError) =>
    reply.code(409).send({
      error: { code: error.code, message: error.message },
      accepted: error.accepted,
    });
  const answerer = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });

  app.post(
    '/api/client-view/:token/accept',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        params: tokenParams,
        body: acceptProposalRequestSchema,
        response: {
          ...apiErrorResponses,
          200: acceptProposalResponseSchema,
          409: alreadyAcceptedErrorSchema.or(apiErrorResponses[409]),
        },
      },
    },
    async (request, reply) => {
      const open = await opened(request, request.params.token);
      try {
        const accepted = await acceptProposal(services, {
          open,
          input: request.body,
          ...answerer(request),
        });
        return reply.code(200).send({ accepted });
      } catch (error) {
        if (error instanceof AlreadyAcceptedError) return sendAlreadyAccepted(reply, error);
        throw error;
      }
    },
  );

  app.post(
    '/api/client-view/:token/decline',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        params: tokenParams,
        body: declineProposalRequestSchema,
        response: {
          ...apiErrorResponses,
          204: z.null(),
          409: alreadyAcceptedErrorSchema.or(apiErrorResponses[409]),
        },
      },
    },
    async (request, reply) => {
      const open = await opened(request, request.params.token);
      try {
        await declineProposal(services, { open, input: request.body, ...answerer(request) });
        return reply.code(204).send(null);
      } catch (error) {
        if (error instanceof AlreadyAcceptedError) return sendAlreadyAccepted(reply, error);
        throw error;
      }
    },
  );
}
