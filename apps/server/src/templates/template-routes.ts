import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deckFiguresRequestSchema,
  deckFiguresResponseSchema,
  templateLayoutsResponseSchema,
  templateSlidesResponseSchema,
} from '@deck-portal/domain';
import {
  listLayouts,
  listTemplateSlides,
  previewLibraryDocument,
  pricingSlides,
  type TemplateLibrary,
} from '@deck-portal/deck-engine/library';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import { brandFiles, loadLibraryPictures } from '../library/library-pictures.ts';
import type { Services } from '../services.ts';
import { computeDeckFigures } from './compute-deck-figures.ts';

/** How many slides a priced deck draws per product and once, from the library's pricing slides. */
function countPricingSlides(library: TemplateLibrary) {
  const drawn = pricingSlides(library).map((slide) => slide.drawn);
  return {
    perProduct: drawn.filter((how) => how === 'perPricedProduct').length,
    once: drawn.filter((how) => how === 'withPricing').length,
  };
}

export async function templateRoutes(
  server: FastifyInstance,
  { services }: { services: Services },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const approved = requireApproved();
  // A published library version never changes, so each of its thumbnails is drawn once; only
  // the newest version's are kept (a publish makes the others unreachable).
  const thumbnails = new Map<string, { svg: string; etag: string }>();
  let thumbnailsVersion: number | undefined;
  const current = () => services.currentLibrary();

  app.get(
    '/api/template-slides',
    {
      onRequest: approved,
      schema: { tags, response: { 200: templateSlidesResponseSchema, ...apiErrorResponses } },
    },
    async () => {
      const { number, library } = await current();
      return {
        slides: listTemplateSlides(library).map((slide) => ({
          ...slide,
          thumbnail: `/api/template-slides/${encodeURIComponent(slide.id)}/thumbnail?v=${number}`,
        })),
        categories: [...library.categories],
        pricingSlides: countPricingSlides(library),
      };
    },
  );

  app.post(
    '/api/template-slides/figures',
    {
      onRequest: approved,
      schema: {
        tags,
        body: deckFiguresRequestSchema,
        response: { 200: deckFiguresResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => computeDeckFigures(services, request.body),
  );

  app.get(
    '/api/template-layouts',
    {
      onRequest: approved,
      schema: { tags, response: { 200: templateLayoutsResponseSchema, ...apiErrorResponses } },
    },
    async () => {
      const { number, library } = await current();
      return {
        layouts: listLayouts(library).map((layout) => ({
          ...layout,
          thumbnail: `/api/template-layouts/${encodeURIComponent(layout.id)}/thumbnail?v=${number}`,
        })),
      };
    },
  );

  /** Each thumbnail is drawn once, then answered with its validator (304 when unchanged). */
  const sendThumbnail = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { version, key }: { version: number; key: string },
    draw: () => Promise<string | undefined>,
    missing: string,
  ) => {
    if (version !== thumbnailsVersion) {
      thumbnails.clear();
      thumbnailsVersion = version;
    }
    let thumbnail = thumbnails.get(key);
    if (!thumbnail) {
      const svg = await draw();
      if (!svg) throw new AppError('not_found', missing);
      thumbnail = {
        svg,
        // Weak: the same picture goes out plain, gzip or brotli (one validator for all).
        etag: `W/"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`,
      };
      thumbnails.set(key, thumbnail);
    }
    reply
      .header('etag', thumbnail.etag)
      .header('cache-control', 'private, max-age=86400')
      .header('vary', 'accept-encoding');
    const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
    if (known.some((tag) => tag === thumbnail.etag || `W/${tag}` === thumbnail.etag)) {
      return reply.code(304).send();
    }
    return reply.type('image/svg+xml').send(thumbnail.svg);
  };
  const idParams = z.object({ id: z.string().max(100) });
  // The library version in a thumbnail's address only tells caches apart; the newest is drawn.
  const versionQuery = z.object({ v: z.string().max(20).optional() });

  app.get(
    '/api/template-slides/:id/thumbnail',
    { onRequest: approved, schema: { tags, params: idParams, querystring: versionQuery } },
    async (request, reply) => {
      const { number, library, documents } = await current();
      const slide = documents.slides.find((document) => document.id === request.params.id);
      return sendThumbnail(
        request,
        reply,
        { version: number, key: `slide:${request.params.id}` },
        async () =>
          slide &&
          (
            await previewLibraryDocument(
              library,
              'slide',
              slide.id,
              await loadLibraryPictures(
                services,
                [slide, ...documents.parts],
                brandFiles(documents.brand),
              ),
            )
          )?.svg,
        'No such template slide.',
      );
    },
  );

  app.get(
    '/api/template-layouts/:id/thumbnail',
    { onRequest: approved, schema: { tags, params: idParams, querystring: versionQuery } },
    async (request, reply) => {
      const { number, library, documents } = await current();
      const layout = documents.layouts.find((document) => document.id === request.params.id);
      return sendThumbnail(
        request,
        reply,
        { version: number, key: `layout:${request.params.id}` },
        async () =>
          layout &&
          (
            await previewLibraryDocument(
              library,
              'layout',
              layout.id,
              await loadLibraryPictures(
                services,
                [layout, ...documents.parts],
                brandFiles(documents.brand),
              ),
            )
          )?.svg,
        'No such layout.',
      );
    },
  );
}
