import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLibrarySlideRequestSchema,
  libraryBrandPreviewRequestSchema,
  libraryBrandPreviewResponseSchema,
  libraryBrandResponseSchema,
  libraryCategoriesResponseSchema,
  saveLibraryBrandRequestSchema,
  saveLibraryCategoriesRequestSchema,
  libraryDraftResponseSchema,
  libraryEditorRoles,
  libraryFontResponseSchema,
  libraryLayoutResponseSchema,
  libraryMessages,
  libraryPictureSchema,
  libraryPicturesQuerySchema,
  libraryPicturesResponseSchema,
  updateLibraryPictureRequestSchema,
  uploadMaxBytes,
  libraryPreviewRequestSchema,
  libraryPreviewResponseSchema,
  librarySlideResponseSchema,
  libraryVersionsResponseSchema,
  publishLibraryRequestSchema,
  reorderLibrarySlidesRequestSchema,
  saveLibraryLayoutRequestSchema,
  saveLibrarySlideRequestSchema,
  uploadResponseSchema,
  importSlidesRequestSchema,
  importSlidesResponseSchema,
  libraryImportMaxBytes,
  libraryImportMessages,
  libraryImportResponseSchema,
  pptxContentTypes,
  preflightResponseSchema,
  libraryTranslationExportQuerySchema,
  libraryTranslationFileMaxBytes,
  libraryTranslationFileTypes,
  libraryTranslationImportResponseSchema,
  libraryTranslationLanguageSchema,
  libraryTranslationLanguagesResponseSchema,
  libraryTranslationTextsQuerySchema,
  libraryTranslationTextsResponseSchema,
  saveLibraryTranslationsRequestSchema,
} from '@deck-portal/domain';
import { sampleFigureFindings } from '@deck-portal/deck-engine/library';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { createLibrarySlide } from './create-library-slide.ts';
import { deleteLibrarySlide } from './delete-library-slide.ts';
import { draftThumbnails } from './draft-thumbnails.ts';
import { draftDocuments, readDraftRows } from './library-draft.ts';
import { listLibraryDraft, listLibraryVersions } from './list-library.ts';
import { openLibraryDocument } from './open-library-document.ts';
import { checkLibraryDocument, type EditedDocument } from './preview-library-document.ts';
import { publishLibrary } from './publish-library.ts';
import { preflightLibraryDraft } from './preflight-library-draft.ts';
import { reorderLibrarySlides } from './reorder-library-slides.ts';
import { discardLibraryDraft, restoreLibraryVersion } from './restore-library-version.ts';
import { saveLibraryDocument } from './save-library-document.ts';
import { previewLibraryBrand } from './preview-library-brand.ts';
import { readDraftCategories, readDraftSetting, saveDraftSetting } from './library-settings.ts';
import { acceptRawBodies, spooledBody } from '../http/raw-body.ts';
import { acceptPictureBodies, pictureBody } from '../uploads/picture-body.ts';
import { pictureFileName } from '../uploads/picture-name.ts';
import { storeUpload } from '../uploads/store-upload.ts';
import { listLibraryPictures } from './list-library-pictures.ts';
import { updateLibraryPicture } from './update-library-picture.ts';
import type { ErrorRouteConfig } from '../http/error-handler.ts';
import { assertBrandFontsUploaded, brandFontNames, storeLibraryFont } from './library-fonts.ts';
import {
  exportLibraryTranslations,
  importLibraryTranslations,
  listTranslationLanguages,
  readTranslationTexts,
  saveLibraryTranslations,
  translationLanguage,
} from './library-translations.ts';
import {
  getLibraryImport,
  importFileName,
  importLibrarySlides,
  readImportDrawing,
  startLibraryImport,
} from './library-imports.ts';

/** What a browser may call a font file it sends. */
const fontContentTypes = [
  'font/ttf',
  'font/otf',
  'font/woff2',
  'font/sfnt',
  'application/font-sfnt',
  'application/x-font-ttf',
  'application/x-font-otf',
  'application/font-woff2',
  'application/vnd.ms-opentype',
  'application/octet-stream',
];

const idParams = z.object({ id: z.string().min(1).max(64) });
const numberParams = z.object({ number: z.coerce.number().int().min(1).max(1_000_000) });
const thumbnailQuery = z.object({
  revision: z.coerce.number().int().min(1).optional(),
  look: z.string().max(20).optional(),
});
const done = z.object({ ok: z.literal(true) });
const languageParams = z.object({ lang: z.string().min(1).max(35) });
const published = z.object({ number: z.number().int(), changes: z.array(z.string()) });

/**
 * The content library's editing (`/admin/library`): the draft, its slides and layouts, the live
 * preview, publishing and the history. Content editors and admins only.
 */
export async function libraryRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['library'];
  const editors = requireApproved(...libraryEditorRoles);
  const thumbnail = draftThumbnails(services);

  app.get(
    '/api/library',
    {
      onRequest: editors,
      schema: { tags, response: { 200: libraryDraftResponseSchema, ...apiErrorResponses } },
    },
    async () => listLibraryDraft(services.db),
  );

  app.get(
    '/api/library/slides/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        params: idParams,
        response: { 200: librarySlideResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => openLibraryDocument(services, 'slide', request.params.id),
  );

  app.put(
    '/api/library/slides/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        params: idParams,
        body: saveLibrarySlideRequestSchema,
        response: { 200: librarySlideResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      saveLibraryDocument(services, {
        actor: request.user!,
        id: request.params.id,
        revision: request.body.revision,
        edited: { kind: 'slide', document: request.body.document },
      }),
  );

  app.delete(
    '/api/library/slides/:id',
    {
      onRequest: editors,
      schema: { tags, params: idParams, response: { 200: done, ...apiErrorResponses } },
    },
    async (request) => {
      await deleteLibrarySlide(services, { actor: request.user!, id: request.params.id });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/library/slides',
    {
      onRequest: editors,
      schema: {
        tags,
        body: createLibrarySlideRequestSchema,
        response: { 201: librarySlideResponseSchema, ...apiErrorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createLibrarySlide(services, { actor: request.user!, request: request.body })),
  );

  app.put(
    '/api/library/slide-order',
    {
      onRequest: editors,
      schema: {
        tags,
        body: reorderLibrarySlidesRequestSchema,
        response: { 200: done, ...apiErrorResponses },
      },
    },
    async (request) => {
      await reorderLibrarySlides(services, {
        actor: request.user!,
        slideIds: request.body.slideIds,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/library/layouts/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        params: idParams,
        response: { 200: libraryLayoutResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => openLibraryDocument(services, 'layout', request.params.id),
  );

  app.put(
    '/api/library/layouts/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        params: idParams,
        body: saveLibraryLayoutRequestSchema,
        response: { 200: libraryLayoutResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      saveLibraryDocument(services, {
        actor: request.user!,
        id: request.params.id,
        revision: request.body.revision,
        edited: { kind: 'layout', document: request.body.document },
      }),
  );

  for (const kind of ['slide', 'layout'] as const) {
    app.get(
      `/api/library/${kind}s/:id/thumbnail`,
      { onRequest: editors, schema: { tags, params: idParams, querystring: thumbnailQuery } },
      async (request, reply) => {
        const { svg, revision, look } = await thumbnail(kind, request.params.id);
        // The address names the revision and the look, so a browser may keep what it got.
        const cache =
          request.query.revision === revision && request.query.look === look
            ? 'private, max-age=86400'
            : 'no-store';
        return reply.header('cache-control', cache).type('image/svg+xml').send(svg);
      },
    );
  }

  // Pictures come as the raw body, in a plugin of their own so its size message stays theirs;
  // library pictures may be SVG drawings too (checked, then stored as PNG).
  await app.register(async (pictures) => {
    acceptPictureBodies(pictures, ['image/svg+xml']);
    pictures.withTypeProvider<ZodTypeProvider>().post(
      '/api/library/pictures',
      {
        onRequest: editors,
        schema: { tags, response: { 201: uploadResponseSchema, ...apiErrorResponses } },
      },
      async (request, reply) =>
        reply.code(201).send(
          await storeUpload(services, {
            user: request.user!,
            kind: 'library_picture',
            picture: pictureBody(request.body),
            name: pictureFileName(request.headers['x-file-name']),
          }),
        ),
    );
  });

  // Anyone who builds decks chooses from the library's pictures (the studio, and reps in the
  // online deck editor); only editors rename and tag them.
  app.get(
    '/api/library/pictures',
    {
      onRequest: requireApproved(),
      schema: {
        tags,
        querystring: libraryPicturesQuerySchema,
        response: { 200: libraryPicturesResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => listLibraryPictures(services, { user: request.user!, ...request.query }),
  );

  app.put(
    '/api/library/pictures/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Picture not found.' }) }),
        body: updateLibraryPictureRequestSchema,
        response: { 200: libraryPictureSchema, ...apiErrorResponses },
      },
    },
    async (request) => updateLibraryPicture(services, { id: request.params.id, ...request.body }),
  );

  // A PowerPoint file to import comes as the raw body, up to 100 MB (issue 17).
  await app.register(async (imports) => {
    imports.addHook('onRoute', (route) => {
      const config: ErrorRouteConfig = { tooLargeMessage: libraryImportMessages.tooLarge };
      route.config = { ...(route.config as object), ...config } as typeof route.config;
    });
    acceptRawBodies(imports, pptxContentTypes, { bodyLimit: libraryImportMaxBytes });
    imports.withTypeProvider<ZodTypeProvider>().post(
      '/api/library/imports',
      {
        onRequest: editors,
        schema: { tags, response: { 202: libraryImportResponseSchema, ...apiErrorResponses } },
      },
      async (request, reply) => {
        const file = spooledBody(request.body);
        if (!file) {
          throw new AppError('validation_failed', libraryImportMessages.notPptx, { status: 415 });
        }
        const started = await startLibraryImport(services, {
          actor: request.user!,
          fileName: importFileName(request.headers['x-file-name']),
          file,
        });
        return reply.code(202).send(started);
      },
    );
  });

  const importParams = z.object({ id: z.string().min(1).max(64) });
  app.get(
    '/api/library/imports/:id',
    {
      onRequest: editors,
      schema: {
        tags,
        params: importParams,
        response: { 200: libraryImportResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => getLibraryImport(services, request.params.id, request.user!),
  );

  for (const which of ['thumbnail', 'original'] as const) {
    app.get(
      `/api/library/imports/:id/slides/:number/${which}`,
      {
        onRequest: editors,
        schema: { tags, params: importParams.extend(numberParams.shape) },
      },
      async (request, reply) => {
        const { id, number } = request.params;
        const drawing = await readImportDrawing(services, {
          id,
          number,
          which,
          actor: request.user!,
        });
        return reply
          .header('cache-control', 'private, max-age=3600')
          .type(which === 'thumbnail' ? 'image/svg+xml' : 'image/png')
          .send(drawing);
      },
    );
  }

  app.post(
    '/api/library/imports/:id/slides',
    {
      onRequest: editors,
      schema: {
        tags,
        params: importParams,
        body: importSlidesRequestSchema,
        response: { 200: importSlidesResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      importLibrarySlides(services, {
        actor: request.user!,
        id: request.params.id,
        request: request.body,
      }),
  );

  // Font files come as the raw body too, in a plugin of their own with their own size message.
  await app.register(async (fonts) => {
    fonts.addHook('onRoute', (route) => {
      const config: ErrorRouteConfig = { tooLargeMessage: libraryMessages.fontTooLarge };
      route.config = { ...(route.config as object), ...config } as typeof route.config;
    });
    acceptRawBodies(fonts, fontContentTypes, { bodyLimit: uploadMaxBytes });
    fonts.withTypeProvider<ZodTypeProvider>().post(
      '/api/library/fonts',
      {
        onRequest: editors,
        schema: { tags, response: { 201: libraryFontResponseSchema, ...apiErrorResponses } },
      },
      async (request, reply) => {
        const file = spooledBody(request.body);
        if (!file) {
          throw new AppError(
            'validation_failed',
            `Send the font file itself as the request body. ${libraryMessages.fontFormats}`,
            { status: 415 },
          );
        }
        // A font is read whole to be checked (at most 10 MB, sent by an editor).
        const bytes = await readFile(file.path);
        return reply
          .code(201)
          .send(await storeLibraryFont(services, { user: request.user!, bytes }));
      },
    );
  });

  app.post(
    '/api/library/preview',
    {
      onRequest: editors,
      schema: {
        tags,
        body: libraryPreviewRequestSchema,
        response: { 200: libraryPreviewResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const rows = await readDraftRows(services.db);
      const edited = request.body as EditedDocument;
      const { svg, overflowing } = await checkLibraryDocument(
        services,
        draftDocuments(rows),
        edited,
        { refuseOverflow: false },
      );
      const figureFindings = edited.kind === 'slide' ? sampleFigureFindings(edited.document) : [];
      return { svg, overflowing, figureFindings };
    },
  );

  app.get(
    '/api/library/brand',
    {
      onRequest: editors,
      schema: { tags, response: { 200: libraryBrandResponseSchema, ...apiErrorResponses } },
    },
    async () => {
      const { value, revision } = await readDraftSetting(services, 'brand');
      return { brand: value, revision, fontNames: await brandFontNames(services, value) };
    },
  );

  app.put(
    '/api/library/brand',
    {
      onRequest: editors,
      schema: {
        tags,
        body: saveLibraryBrandRequestSchema,
        response: { 200: libraryBrandResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      await assertBrandFontsUploaded(services, request.body.brand);
      const { value, revision } = await saveDraftSetting(services, {
        actor: request.user!,
        kind: 'brand',
        revision: request.body.revision,
        value: request.body.brand,
      });
      return { brand: value, revision, fontNames: await brandFontNames(services, value) };
    },
  );

  app.get(
    '/api/library/categories',
    {
      onRequest: editors,
      schema: { tags, response: { 200: libraryCategoriesResponseSchema, ...apiErrorResponses } },
    },
    async () => {
      const { value, revision } = await readDraftCategories(services);
      return { categories: value, revision };
    },
  );

  app.put(
    '/api/library/categories',
    {
      onRequest: editors,
      schema: {
        tags,
        body: saveLibraryCategoriesRequestSchema,
        response: { 200: libraryCategoriesResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const { value, revision } = await saveDraftSetting(services, {
        actor: request.user!,
        kind: 'categories',
        revision: request.body.revision,
        value: request.body.categories,
      });
      return { categories: value, revision };
    },
  );

  app.post(
    '/api/library/brand/preview',
    {
      onRequest: editors,
      schema: {
        tags,
        body: libraryBrandPreviewRequestSchema,
        response: { 200: libraryBrandPreviewResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => ({ slides: await previewLibraryBrand(services, request.body.brand) }),
  );

  app.post(
    '/api/library/publish',
    {
      onRequest: editors,
      schema: {
        tags,
        body: publishLibraryRequestSchema,
        response: { 201: published, ...apiErrorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await publishLibrary(services, {
          actor: request.user!,
          note: request.body.note,
          reason: request.body.reason,
        }),
      ),
  );

  app.get(
    '/api/library/preflight',
    {
      onRequest: editors,
      schema: { tags, response: { 200: preflightResponseSchema, ...apiErrorResponses } },
    },
    async () => ({ findings: await preflightLibraryDraft(services) }),
  );

  app.post(
    '/api/library/discard',
    { onRequest: editors, schema: { tags, response: { 200: done, ...apiErrorResponses } } },
    async (request) => {
      await discardLibraryDraft(services, { actor: request.user! });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/library/translations',
    {
      onRequest: editors,
      schema: {
        tags,
        response: { 200: libraryTranslationLanguagesResponseSchema, ...apiErrorResponses },
      },
    },
    async () => listTranslationLanguages(services),
  );

  app.get(
    '/api/library/translations/:lang',
    {
      onRequest: editors,
      schema: {
        tags,
        params: languageParams,
        querystring: libraryTranslationTextsQuerySchema,
        response: { 200: libraryTranslationTextsResponseSchema, ...apiErrorResponses },
      },
    },
    async (request) => {
      const { slide, layout, part } = request.query;
      const named = (
        [
          ['slide', slide],
          ['layout', layout],
          ['part', part],
        ] as const
      ).filter(([, id]) => id !== undefined);
      if (named.length > 1) {
        throw new AppError('validation_failed', 'Name one slide, layout or part at a time.');
      }
      const [document] = named.map(([kind, id]) => ({ kind, id: id! }));
      return readTranslationTexts(services, {
        language: translationLanguage(request.params.lang),
        document,
      });
    },
  );

  app.put(
    '/api/library/translations/:lang',
    {
      onRequest: editors,
      schema: {
        tags,
        params: languageParams,
        body: saveLibraryTranslationsRequestSchema,
        response: { 200: libraryTranslationLanguageSchema, ...apiErrorResponses },
      },
    },
    async (request) =>
      saveLibraryTranslations(services, {
        actor: request.user!,
        language: translationLanguage(request.params.lang),
        revision: request.body.revision,
        entries: request.body.entries,
      }),
  );

  app.get(
    '/api/library/translations/:lang/export',
    {
      onRequest: editors,
      schema: { tags, params: languageParams, querystring: libraryTranslationExportQuerySchema },
    },
    async (request, reply) => {
      const file = await exportLibraryTranslations(services, {
        language: translationLanguage(request.params.lang),
        format: request.query.format,
        version: request.query.version,
      });
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .type(file.contentType)
        .send(file.body);
    },
  );

  // A translator's file comes as the raw body (XLIFF or CSV, told apart by what it holds).
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      const config: ErrorRouteConfig = { tooLargeMessage: libraryMessages.translationFileTooLarge };
      route.config = { ...(route.config as object), ...config } as typeof route.config;
    });
    acceptRawBodies(files, libraryTranslationFileTypes, {
      bodyLimit: libraryTranslationFileMaxBytes,
    });
    files.withTypeProvider<ZodTypeProvider>().post(
      '/api/library/translations/:lang/import',
      {
        onRequest: editors,
        bodyLimit: libraryTranslationFileMaxBytes,
        schema: {
          tags,
          params: languageParams,
          response: { 200: libraryTranslationImportResponseSchema, ...apiErrorResponses },
        },
      },
      async (request) => {
        const language = translationLanguage(request.params.lang);
        const file = spooledBody(request.body);
        const text = file
          ? translationFileText(await readFile(file.path))
          : typeof request.body === 'string'
            ? request.body
            : undefined;
        if (text === undefined) {
          throw new AppError('validation_failed', libraryMessages.translationFileFormats, {
            status: 415,
          });
        }
        return importLibraryTranslations(services, { actor: request.user!, language, text });
      },
    );
  });

  app.get(
    '/api/library/versions',
    {
      onRequest: editors,
      schema: { tags, response: { 200: libraryVersionsResponseSchema, ...apiErrorResponses } },
    },
    async () => ({ versions: await listLibraryVersions(services.db) }),
  );

  app.post(
    '/api/library/versions/:number/restore',
    {
      onRequest: editors,
      schema: {
        tags,
        params: numberParams,
        response: { 201: published, ...apiErrorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await restoreLibraryVersion(services, {
          actor: request.user!,
          number: request.params.number,
        }),
      ),
  );
}

/** A translation file's text: UTF-8 (with or without its mark), or UTF-16 as some tools save. */
function translationFileText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('validation_failed', libraryMessages.translationFileEncoding);
  }
}
