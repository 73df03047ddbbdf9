import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  isSameImportedSlide,
  libraryImportMessages,
  libraryMessages,
  templateSlideDocumentSchema,
  describeTemplateProblems,
  type BindingPath,
  type ImportedSlideSource,
  type ImportSlidesRequest,
  type LibraryImportResponse,
  type TemplateElement,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import {
  applyFieldChoices,
  legacyFileReason,
  officeConfinement,
  presentationFileKind,
  TEMPLATE_CATEGORIES,
} from '@deck-portal/deck-engine/library';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { libraryDraft, libraryImports, type StoredImportSlide } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineJob, type JobHandler, type PayloadOf } from '../jobs/define-job.ts';
import { enqueueJob, latestJobFor } from '../jobs/job-queue.ts';
import { FinalJobError } from '../jobs/job-worker.ts';
import type { Services } from '../services.ts';
import { firstBytesOf, type LocalFile } from '../storage/local-file.ts';
import { storeUpload } from '../uploads/store-upload.ts';
import { recordAudit } from '../users/record-audit.ts';
import { newSlideId } from './create-library-slide.ts';
import { draftDocuments, readDraftBrand, readDraftRows } from './library-draft.ts';
import { brandFiles, loadLibraryPictures } from './library-pictures.ts';

/** Reads an uploaded PowerPoint file into an import's slides. */
export const importPptxJob = defineJob({
  name: 'import-pptx',
  payload: z.object({ importId: z.guid() }),
  // A file that made a worker fail once is not tried over and over.
  maxAttempts: 2,
});

const sourceKey = (id: string) => `imports/${id}/source.pptx`;
const thumbnailKey = (id: string, number: number) => `imports/${id}/slide-${number}.svg`;
const originalKey = (id: string, number: number) => `imports/${id}/original-${number}.png`;
/** A picture's object key from the address the importer names it with (`pptx:{hash}`). */
const pictureKey = (id: string, src: string) =>
  `imports/${id}/pictures/${createHash('sha256').update(src).digest('hex').slice(0, 32)}`;

/** A file name as the browser sent it (`X-File-Name`, URI-encoded), made safe to show. */
export function importFileName(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  let name = 'presentation.pptx';
  if (raw) {
    try {
      name = decodeURIComponent(raw);
    } catch {
      name = raw;
    }
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned.split(/[\\/]/).pop() || 'presentation.pptx').slice(0, 200);
}

/**
 * Takes an uploaded file to import: a quick look that it is a PowerPoint package (a 97–2003 or
 * password-protected file is named as such), then the bytes stored and a job queued to read
 * it; the reading happens on a worker, never on the request thread.
 */
export async function startLibraryImport(
  services: Services,
  { actor, fileName, file }: { actor: User; fileName: string; file: LocalFile },
): Promise<LibraryImportResponse> {
  if (file.size === 0) throw new AppError('validation_failed', libraryImportMessages.empty);
  const kind = presentationFileKind(await firstBytesOf(file, 8));
  if (kind === 'legacy') throw new AppError('validation_failed', `This file ${legacyFileReason}.`);
  if (kind === 'other') {
    throw new AppError('validation_failed', libraryImportMessages.notPptx, { status: 415 });
  }
  // The bytes first, then the row and its job together: a row never waits on bytes or a job
  // that are not there (bytes whose row never came are swept).
  const id = randomUUID();
  await services.objects.putFile(sourceKey(id), file, 'application/octet-stream');
  const row = await services.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(libraryImports)
      .values({
        id,
        createdBy: actor.id,
        fileName,
        byteSize: file.size,
        createdAt: services.clock.now(),
      })
      .returning();
    await enqueueJob(tx, services.clock, importPptxJob, { importId: id }, { subjectId: id });
    return inserted;
  });
  return describeImport(services, row!);
}

type ImportRow = typeof libraryImports.$inferSelect;

/** An import its uploader (or an admin) may see; another editor's is not found. */
async function readImport(
  services: Pick<Services, 'db'>,
  id: string,
  actor: User,
): Promise<ImportRow> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const [row] = isUuid
    ? await services.db.select().from(libraryImports).where(eq(libraryImports.id, id))
    : [];
  if (!row || (row.createdBy !== actor.id && actor.role !== 'admin')) {
    throw new AppError('not_found', 'There is no such import.');
  }
  return row;
}

/** The library draft's slides imported from a PowerPoint, in the library's order, with their source. */
async function importedDraftSlides(db: Db) {
  const rows = await db
    .select({
      id: libraryDraft.documentId,
      title: sql<string>`${libraryDraft.document}->>'title'`,
      category: sql<string>`${libraryDraft.document}->>'category'`,
      source: sql<ImportedSlideSource>`${libraryDraft.document}->'source'`,
    })
    .from(libraryDraft)
    .where(
      and(eq(libraryDraft.kind, 'slide'), sql`(${libraryDraft.document}->'source') is not null`),
    )
    .orderBy(asc(libraryDraft.position));
  return rows;
}

async function describeImport(
  services: Pick<Services, 'db'>,
  row: ImportRow,
): Promise<LibraryImportResponse> {
  const job = row.state === 'reading' ? await latestJobFor(services.db, row.id) : undefined;
  const progress = job?.progress as { done?: unknown; total?: unknown } | null | undefined;
  const earlier = row.slides?.some((slide) => slide.source)
    ? await importedDraftSlides(services.db)
    : [];
  const replaces = (source: ImportedSlideSource | undefined) => {
    const found = source && earlier.find((slide) => isSameImportedSlide(slide.source, source));
    return found ? { id: found.id, title: found.title, category: found.category } : null;
  };
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state,
    progress:
      typeof progress?.done === 'number' && typeof progress.total === 'number'
        ? { done: progress.done, total: progress.total }
        : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    slideSize: row.slideSize ?? null,
    candidates: (row.slides ?? []).map((slide) => ({
      number: slide.number,
      title: slide.document.title,
      hidden: slide.hidden,
      thumbnail: `/api/library/imports/${row.id}/slides/${slide.number}/thumbnail`,
      original: slide.hasOriginal
        ? `/api/library/imports/${row.id}/slides/${slide.number}/original`
        : null,
      imported: slide.report.imported,
      notImported: slide.report.notImported,
      fonts: slide.report.fonts,
      fields: slide.fields.map((field) => ({
        text: field.text,
        label: field.label,
        ...(field.suggestion ? { suggestion: field.suggestion as BindingPath } : {}),
      })),
      replaces: replaces(slide.source),
    })),
  };
}

export async function getLibraryImport(services: Services, id: string, actor: User) {
  return describeImport(services, await readImport(services, id, actor));
}

/** A slide's thumbnail as our engine drew it, or (`original`) as the office renderer drew it. */
export async function readImportDrawing(
  services: Services,
  {
    id,
    number,
    which,
    actor,
  }: { id: string; number: number; which: 'thumbnail' | 'original'; actor: User },
) {
  const row = await readImport(services, id, actor);
  const slide = row.slides?.find((s) => s.number === number);
  const key = which === 'thumbnail' ? thumbnailKey(row.id, number) : originalKey(row.id, number);
  const stored =
    slide && (which === 'thumbnail' || slide.hasOriginal)
      ? await services.objects.get(key)
      : undefined;
  if (!stored) throw new AppError('not_found', 'This import has no such slide drawing.');
  return buffer(stored.body);
}

/**
 * Says once, as the jobs start, how LibreOffice is kept from reaching past an uploaded file:
 * at warn when this machine cannot confine it (the file's links are still removed first).
 */
async function sayHowOfficeIsConfined(services: Services) {
  const kind = await officeConfinement();
  if (kind === 'bubblewrap') {
    services.log.info(
      'PowerPoint import: LibreOffice runs in a bubblewrap sandbox (no network; it sees only the file it draws)',
    );
  } else if (kind === 'network-only') {
    services.log.warn(
      'PowerPoint import: LibreOffice runs without network but can read the server’s files (install bubblewrap to confine it)',
    );
  } else {
    services.log.warn(
      'PowerPoint import: LibreOffice runs unconfined (install bubblewrap, or allow user namespaces, to confine it)',
    );
  }
}

/** The job that reads an uploaded file on a worker thread and keeps what it read. */
export function importJobHandler(services: Services): JobHandler<PayloadOf<typeof importPptxJob>> {
  if (services.config.officeRenderer) void sayHowOfficeIsConfined(services);
  const fail = (db: Db, id: string, message: string) =>
    db
      .update(libraryImports)
      .set({ state: 'failed', error: message, finishedAt: services.clock.now() })
      .where(and(eq(libraryImports.id, id), eq(libraryImports.state, 'reading')));
  return {
    async run(job, context) {
      const id = String(job.payload.importId ?? '');
      const office = services.config.officeRenderer;
      // The slides are measured and drawn in the draft's brand font, as its decks are set.
      const brand = await readDraftBrand(services.db);
      const font = brand?.font
        ? { brand, files: await loadLibraryPictures(services, [], brandFiles(brand)) }
        : {};
      // The file goes to the worker as a file on this machine, which the worker reads: a large
      // file's bytes never sit whole in this (perhaps the web) process, nor pass through its
      // thread when the store is on this machine (the operating system copies them).
      const spooled = path.join(os.tmpdir(), `deck-portal-import-${randomUUID()}.pptx`);
      if (!(await services.objects.getFile(sourceKey(id), spooled))) {
        throw new FinalJobError('the uploaded file is gone');
      }
      let result;
      try {
        result = await services.deckRenderer.importPresentation(
          { file: spooled },
          {
            onProgress: (progress) => context.progress(progress),
            ...(office
              ? { office: { command: office, niceness: services.config.backgroundNice } }
              : {}),
            ...font,
          },
        );
      } finally {
        await rm(spooled, { force: true });
      }
      await context.progressWritten();
      if (!result.ok) {
        await services.db.transaction(async (tx) => {
          await fail(tx, id, `This file ${result.reason}.`);
          await context.complete(tx);
        });
        await services.objects.delete([sourceKey(id)]);
        return;
      }
      const [{ fileName } = { fileName: 'presentation.pptx' }] = await services.db
        .select({ fileName: libraryImports.fileName })
        .from(libraryImports)
        .where(eq(libraryImports.id, id));
      const slides: StoredImportSlide[] = [];
      for (const slide of result.slides) {
        await services.objects.put(
          thumbnailKey(id, slide.number),
          Buffer.from(slide.thumbnail),
          'image/svg+xml',
        );
        const pictures: Record<string, string> = {};
        for (const [src, bytes] of Object.entries(slide.pictures)) {
          const key = pictureKey(id, src);
          await services.objects.put(key, Buffer.from(bytes), 'application/octet-stream');
          pictures[src] = key;
        }
        if (slide.original) {
          await services.objects.put(
            originalKey(id, slide.number),
            Buffer.from(slide.original),
            'image/png',
          );
        }
        const source =
          slide.slideId === undefined
            ? undefined
            : {
                file: fileName,
                ...(result.created ? { created: result.created } : {}),
                slide: slide.slideId,
              };
        slides.push({
          ...(slide.original ? { hasOriginal: true } : {}),
          ...(source ? { source } : {}),
          number: slide.number,
          hidden: slide.hidden,
          document: slide.document,
          elements: [...slide.elements],
          fields: slide.fields,
          report: slide.report,
          pictures,
        });
      }
      await services.db.transaction(async (tx) => {
        await tx
          .update(libraryImports)
          .set({
            state: 'ready',
            slides,
            slideSize: { width: result.width, height: result.height },
            finishedAt: services.clock.now(),
          })
          .where(eq(libraryImports.id, id));
        await context.complete(tx);
      });
      // What was read is kept; the upload itself is needed no more.
      await services.objects.delete([sourceKey(id)]);
    },
    async onFailed(job) {
      await fail(services.db, job.payload.importId, libraryImportMessages.failed);
    },
    async onRefused(row) {
      if (row.subjectId) await fail(services.db, row.subjectId, libraryImportMessages.failed);
    },
  };
}

/**
 * Puts the slides the editor chose into the library draft: each field mapped as chosen, each
 * picture stored as a library picture. A slide is a new document at the draft's end, or takes
 * the place of the one imported from it before (`replace`): that keeps its id, its place and how
 * the library offers it (description, default selection, products, retired), and its revision
 * goes up, so an editor who has it open is told. Either is changed in the studio before
 * publishing.
 */
export async function importLibrarySlides(
  services: Services,
  { actor, id, request }: { actor: User; id: string; request: ImportSlidesRequest },
) {
  const row = await readImport(services, id, actor);
  if (row.state === 'reading') throw new AppError('conflict', libraryImportMessages.notReady);
  if (row.state === 'failed') {
    throw new AppError('conflict', row.error ?? libraryImportMessages.failed);
  }
  const drafts = await readDraftRows(services.db);
  const categories = draftDocuments(drafts).categories ?? TEMPLATE_CATEGORIES;
  const draftSlides = new Map(
    drafts
      .filter(({ row: r }) => r.kind === 'slide')
      .map(({ row: r }) => [r.documentId, r.document as TemplateSlideDocument]),
  );
  const fields: Record<string, string> = {};
  const replacing = new Set<string>();
  const chosen = request.slides.map((choice, i) => {
    const slide = row.slides?.find((s) => s.number === choice.number);
    if (!slide) fields[`slides.${i}.number`] = `This file has no slide ${choice.number}.`;
    if (!categories.some((category) => category.id === choice.category)) {
      fields[`slides.${i}.category`] = libraryMessages.unknownCategory;
    }
    const replaced = choice.replace ? draftSlides.get(choice.replace) : undefined;
    if (choice.replace) {
      if (!replaced) fields[`slides.${i}.replace`] = libraryImportMessages.replacedGone;
      else if (!replaced.source) {
        // The editor's own slides and the pricing slides are never taken for an imported one.
        fields[`slides.${i}.replace`] = libraryImportMessages.replacedNotImported;
      } else if (replacing.has(choice.replace)) {
        fields[`slides.${i}.replace`] = libraryImportMessages.replacedTwice;
      }
      replacing.add(choice.replace);
    }
    return { choice, slide: slide!, replaced };
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', { fields });
  }

  // Pictures first (each stored once), then the documents that name them.
  const stored = new Map<string, string>();
  for (const { slide } of chosen) {
    for (const [src, key] of Object.entries(slide.pictures)) {
      if (stored.has(src)) continue;
      const object = await services.objects.get(key);
      if (!object) continue;
      try {
        const upload = await storeUpload(services, {
          user: actor,
          kind: 'library_picture',
          picture: await buffer(object.body),
        });
        stored.set(src, upload.url);
      } catch (error) {
        // A picture the library cannot take (too large) is left out of the slide, not the slide.
        if (!(error instanceof AppError)) throw error;
      }
    }
  }
  const taken = new Set(
    drafts.filter(({ row: r }) => r.kind === 'slide').map(({ row: r }) => r.documentId),
  );
  const documents: TemplateSlideDocument[] = chosen.map(({ choice, slide, replaced }, i) => {
    const elements = applyFieldChoices(
      slide.elements,
      (choice.fields ?? {}) as Record<string, BindingPath | null>,
    )
      .map((element): TemplateElement =>
        element.kind === 'picture' && stored.has(element.src)
          ? { ...element, src: stored.get(element.src)! }
          : element,
      )
      .filter((element) => element.kind !== 'picture' || !element.src.startsWith('pptx:'));
    const documentId = replaced?.id ?? newSlideId(choice.title, taken);
    taken.add(documentId);
    // A replaced slide keeps how the library offers it; a new one is offered when chosen.
    const offered = replaced
      ? {
          description: replaced.description,
          inDefaultSelection: replaced.inDefaultSelection ?? false,
          ...(replaced.forProducts ? { forProducts: replaced.forProducts } : {}),
          ...(replaced.retired ? { retired: replaced.retired } : {}),
        }
      : { inDefaultSelection: false };
    const parsed = templateSlideDocumentSchema.safeParse({
      ...slide.document,
      ...offered,
      id: documentId,
      title: choice.title,
      category: choice.category,
      ...(slide.source ? { source: slide.source } : {}),
      elements,
    });
    if (!parsed.success) {
      throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
        fields: { [`slides.${i}`]: describeTemplateProblems(parsed.error).join('; ') },
      });
    }
    return parsed.data;
  });

  const created = documents.filter((_, i) => !chosen[i]!.replaced);
  const replaced = documents.filter((_, i) => chosen[i]!.replaced);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    if (created.length > 0) {
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${libraryDraft.position}) + 1, 0)` })
        .from(libraryDraft)
        .where(eq(libraryDraft.kind, 'slide'));
      await tx.insert(libraryDraft).values(
        created.map((document, i) => ({
          kind: 'slide' as const,
          documentId: document.id,
          position: Number(next) + i,
          document,
          revision: 1,
          updatedBy: actor.id,
          updatedAt: now,
        })),
      );
    }
    for (const document of replaced) {
      await tx
        .update(libraryDraft)
        .set({
          document,
          revision: sql`${libraryDraft.revision} + 1`,
          updatedBy: actor.id,
          updatedAt: now,
        })
        .where(and(eq(libraryDraft.kind, 'slide'), eq(libraryDraft.documentId, document.id)));
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.slides_imported',
      oldValue: row.fileName,
      newValue: [
        ...created.map((document) => document.id),
        ...replaced.map((document) => `${document.id} (replaced)`),
      ].join(', '),
      at: now,
    });
  });
  return {
    created: created.map((document) => document.id),
    replaced: replaced.map((document) => document.id),
  };
}
