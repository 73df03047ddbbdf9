import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  legacyFileReason,
  presentationFileKind,
  readDeckIdentity,
} from '@deck-portal/deck-engine/library';
import {
  compareEditedDecks,
  DEFAULT_DECK_LOCALE,
  figureChanges,
  keepQuoteFigures,
  libraryImportMessages,
  productFigureEdits,
  quoteFiguresOf,
  quoteSummary,
  selectedProductSchema,
  type DeckDraft,
  type EditedFile,
  type SaveEditedFileRequest,
} from '@deck-portal/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { User } from '../auth/sessions.ts';
import { deckEditedFiles, decks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { defineJob, type JobHandler, type PayloadOf } from '../jobs/define-job.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import { loadDeckFor, type DeckRow } from '../decks/deck-access.ts';
import { findVersion, loadVersion, type DeckVersionRow } from '../decks/deck-versions.ts';
import { firstBytesOf, type LocalFile } from '../storage/local-file.ts';
import { deckEditsPrefix, storeDeckPictures } from './edited-pictures.ts';
import { loadEditableDeck } from './editor-drafts.ts';
import { describeEdits, queueEditedVersion } from './save-edited-version.ts';
import { editedDeckOfVersion, withVersionTitles } from './version-edited-deck.ts';
import { bookInMarket } from '../markets/pricing-context.ts';

// An edited PowerPoint file brought back (issue 49): read on the worker pool like a library
// import, compared with the version it was made from, its priced figures read against the quote,
// then saved as the deck's next version at the rep's word.

export type EditedFileRow = typeof deckEditedFiles.$inferSelect;

const fileKey = (deckId: string, id: string) => `${deckEditsPrefix(deckId)}files/${id}`;

/** Reads a file brought back to a deck: edited-files.ts. */
export const readEditedFileJob = defineJob({
  name: 'read-edited-file',
  payload: z.object({ fileId: z.guid() }),
  // A file that made a worker fail once is not tried over and over.
  maxAttempts: 2,
});

/** A file's row as the web reads it. */
export function toEditedFile(
  row: EditedFileRow,
  progress?: { done: number; total: number },
): EditedFile {
  return {
    id: row.id,
    fileName: row.fileName,
    state: row.state,
    error: row.error,
    baseVersion: row.baseVersion,
    slideCount: row.edited ? row.edited.slides.length : null,
    changes: row.changes,
    figureChanges: row.figureChanges,
    leftOut: row.leftOut,
    progress: progress ?? null,
  };
}

/**
 * Takes an edited PowerPoint file for a deck: a quick look that it is one, the bytes stored and
 * a job queued to read it (never on the request thread).
 */
export async function startEditedFile(
  services: Services,
  {
    user,
    deckId,
    fileName,
    file,
  }: { user: User; deckId: string; fileName: string; file: LocalFile },
): Promise<EditedFile> {
  const deck = await loadEditableDeck(services, user, deckId);
  if (file.size === 0) throw new AppError('validation_failed', libraryImportMessages.empty);
  const kind = presentationFileKind(await firstBytesOf(file, 8));
  if (kind === 'legacy') throw new AppError('validation_failed', `This file ${legacyFileReason}.`);
  if (kind === 'other') {
    throw new AppError('validation_failed', libraryImportMessages.notPptx, { status: 415 });
  }
  const id = randomUUID();
  await services.objects.putFile(fileKey(deck.id, id), file, 'application/octet-stream');
  const row = await services.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(deckEditedFiles)
      .values({
        id,
        deckId: deck.id,
        createdBy: user.id,
        fileName,
        byteSize: file.size,
        baseVersion: deck.currentVersion,
        createdAt: services.clock.now(),
      })
      .returning();
    // Its own subject: the deck's generation follows the deck's latest job, never this one.
    await enqueueJob(tx, services.clock, readEditedFileJob, { fileId: id }, { subjectId: id });
    return inserted!;
  });
  return toEditedFile(row);
}

/** One file brought back to a deck, for whoever may edit the deck. */
export async function loadEditedFile(
  services: Services,
  { user, deckId, fileId }: { user: User; deckId: string; fileId: string },
) {
  const deck = await loadDeckFor(services, { user, deckId, need: 'edit' });
  const parsed = z.guid().safeParse(fileId);
  const [row] = parsed.success
    ? await services.db
        .select()
        .from(deckEditedFiles)
        .where(and(eq(deckEditedFiles.id, fileId), eq(deckEditedFiles.deckId, deck.id)))
    : [];
  if (!row) throw new AppError('not_found', 'That file is not here any more. Upload it again.');
  return { deck, row };
}

/** The quote a version's priced slides show, to read a file's figures against. */
function quoteOf(version: Pick<DeckVersionRow, 'draft' | 'priceBook' | 'pricingContext'>) {
  const locale = version.draft.basicInfo.locale ?? DEFAULT_DECK_LOCALE;
  if (!version.priceBook || !version.draft.productSelection.includePricing) {
    return { locale, products: [] };
  }
  // The figures as the slides wrote them: in the currency of the version's market.
  const book = version.pricingContext
    ? bookInMarket(version.priceBook, version.pricingContext)
    : version.priceBook;
  return quoteFiguresOf(quoteSummary(version.draft.productSelection, book), locale);
}

/** Why a file is not this deck's, when it is not. */
function foreignReason(deck: DeckRow, identity: { deckId: string } | null, matched: number) {
  const not = `This file is not a version of “${deck.title}”`;
  if (identity && identity.deckId !== deck.id) {
    return `${not}: it was made from another deck. Open that deck to bring it back there.`;
  }
  if (!identity && matched === 0) {
    return `${not}: none of its slides are this deck's. To use its slides, import it into the content library.`;
  }
  return undefined;
}

/** The job that reads a file brought back and compares it with its version. */
export function readEditedFileHandler(
  services: Services,
): JobHandler<PayloadOf<typeof readEditedFileJob>> {
  const fail = (id: string, message: string) =>
    services.db
      .update(deckEditedFiles)
      .set({ state: 'failed', error: message, finishedAt: services.clock.now() })
      .where(and(eq(deckEditedFiles.id, id), eq(deckEditedFiles.state, 'reading')));
  return {
    async run(job, context) {
      const id = job.payload.fileId;
      const [row] = await services.db
        .select()
        .from(deckEditedFiles)
        .where(eq(deckEditedFiles.id, id));
      const source = row && (await services.objects.get(fileKey(row.deckId, id)));
      if (!row || !source) {
        // Deleted with its deck meanwhile: nothing left to read.
        await services.db.transaction((tx) => context.complete(tx));
        return;
      }
      const [deck] = await services.db.select().from(decks).where(eq(decks.id, row.deckId));
      if (!deck) {
        await services.db.transaction((tx) => context.complete(tx));
        return;
      }
      const bytes = new Uint8Array(await buffer(source.body));
      // The version the file says it was made from, when the deck still has it: its slides are
      // told by that version's plan, and the file is compared with it.
      const said = readDeckIdentity(bytes);
      const made =
        said?.deckId === deck.id
          ? await findVersion(services.db, deck.id, said.version)
          : undefined;
      const base = made ?? (await loadVersion(services.db, deck.id, row.baseVersion));
      const read = await services.deckRenderer.readEdited(bytes, {
        ...(base.slidePlan ? { slidePlan: base.slidePlan } : {}),
        ...(made ? { planOf: { deckId: deck.id, version: made.number } } : {}),
        onProgress: (progress) => context.progress(progress),
        handOver: true,
      });
      await context.progressWritten();
      if (!read.ok) {
        await fail(id, `This file ${read.reason}.`);
        await services.objects.delete([fileKey(deck.id, id)]);
        await services.db.transaction((tx) => context.complete(tx));
        return;
      }
      const before = await editedDeckOfVersion(services, { deckId: deck.id, version: base });
      const after = withVersionTitles(read.edited, base);
      const changes = compareEditedDecks(before, after);
      const matched = after.slides.filter((slide) =>
        before.slides.some((old) => old.key === slide.key),
      ).length;
      const foreign = foreignReason(deck, read.identity, matched);
      if (foreign) {
        await fail(id, foreign);
        await services.objects.delete([fileKey(deck.id, id)]);
        await services.db.transaction((tx) => context.complete(tx));
        return;
      }
      await storeDeckPictures(services, deck.id, read.pictures);
      await services.db.transaction(async (tx) => {
        await tx
          .update(deckEditedFiles)
          .set({
            state: 'ready',
            baseVersion: base.number,
            edited: after,
            changes,
            figureChanges: figureChanges(before, after, quoteOf(base)),
            leftOut: read.leftOut,
            finishedAt: services.clock.now(),
          })
          .where(eq(deckEditedFiles.id, id));
        await context.complete(tx);
      });
    },
    async onFailed(job) {
      // What went wrong is in the job's row for whoever runs the portal, not for the rep.
      await fail(
        job.payload.fileId,
        'This file could not be read. Save it again in PowerPoint and upload it once more.',
      );
    },
    async onRefused(row) {
      const id = (row.payload as { fileId?: unknown }).fileId;
      if (typeof id === 'string') await fail(id, 'This file could not be read. Upload it again.');
    },
  };
}

/** The draft with the unit prices and quantities a file sets; refused when the file disagrees with itself. */
function draftWithFileFigures(draft: DeckDraft, row: EditedFileRow): DeckDraft {
  const { products, conflicts } = productFigureEdits(row.figureChanges);
  if (conflicts.length > 0) {
    throw new AppError(
      'figures_disagree',
      `${conflicts.join(' ')} Correct the file, or keep the quote's figures.`,
      { status: 422 },
    );
  }
  const selectedProducts = draft.productSelection.selectedProducts.map((selected) => {
    const edit = products[selected.id];
    if (!edit) return selected;
    const changed = {
      ...selected,
      ...(edit.unitPrice !== undefined ? { customPricing: edit.unitPrice } : {}),
      ...(edit.quantity !== undefined ? { quantity: edit.quantity } : {}),
    };
    const checked = selectedProductSchema.safeParse(changed);
    if (!checked.success) {
      throw new AppError(
        'validation_failed',
        `The file's figures for a product cannot be a quote (${checked.error.issues[0]?.message ?? 'out of range'}). Correct the file, or keep the quote's figures.`,
      );
    }
    return checked.data;
  });
  return { ...draft, productSelection: { ...draft.productSelection, selectedProducts } };
}

/**
 * A file brought back becomes the deck's next version: its slides as they are, and its figures
 * the file's (a changed price or quantity goes into the quote, under the deal desk like any
 * price) or the quote's (the priced slides' figures put back).
 */
export async function saveEditedFile(
  services: Services,
  {
    user,
    deckId,
    fileId,
    request,
  }: { user: User; deckId: string; fileId: string; request: SaveEditedFileRequest },
) {
  const deck = await loadEditableDeck(services, user, deckId);
  const { row } = await loadEditedFile(services, { user, deckId: deck.id, fileId });
  if (row.state !== 'ready' || !row.edited) {
    throw new AppError(
      'conflict',
      row.state === 'failed'
        ? (row.error ?? 'This file could not be read.')
        : 'This file is still being read.',
    );
  }
  if (row.savedAs !== null) {
    throw new AppError('conflict', `This file was saved as version ${row.savedAs} already.`);
  }
  const keepFile = request.figures === 'file' && row.figureChanges.some((change) => change.product);
  const draft = keepFile ? draftWithFileFigures(deck.draft, row) : deck.draft;
  let edited = row.edited;
  if (request.figures === 'quote' && row.figureChanges.length > 0) {
    const base = await loadVersion(services.db, deck.id, row.baseVersion);
    edited = keepQuoteFigures(
      await editedDeckOfVersion(services, { deckId: deck.id, version: base }),
      edited,
    );
  }
  return queueEditedVersion(services, {
    user,
    deck,
    draft,
    edit: {
      kind: 'file',
      edited,
      baseVersion: row.baseVersion,
      fileId: row.id,
      changes: describeEdits(`Brought back from “${row.fileName}” by ${user.name}`, row.changes),
    },
  });
}
