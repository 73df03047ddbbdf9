import { and, eq, sql } from 'drizzle-orm';
import {
  deckLinks,
  generationProgressSchema,
  type GenerationProgress,
  type GenerationState,
} from '@deck-portal/domain';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { statementsAtOnce } from '../db/statements-at-once.ts';
import { decks } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { JobHandler, PayloadOf } from '../jobs/define-job.ts';
import { jobInsert, latestJobFor, type JobRow } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import { loadPresenter } from '../users/profile.ts';
import type { DeckRow } from './deck-access.ts';
import { generateDeckJob, generateVersionJob } from './deck-jobs.ts';
import { renderDraftStored, renderedVersionContent } from './render-draft.ts';
import { versionPrefix } from './version-files.ts';
import { writeDeckVersion } from './write-deck-version.ts';

const deckById = preparedQuery((db) =>
  db
    .select()
    .from(decks)
    .where(eq(decks.id, sql.placeholder('deckId')))
    .prepare('generation_deck'),
);

/**
 * The job that renders a `generating` deck, as a statement not yet run: awaited on its own inside
 * the transaction that stores the deck, or inside a statement that stores the deck too. It has no
 * unique key, so it always adds its job.
 */
export function generationJobInsert(db: Db, clock: Clock, deckId: string) {
  return jobInsert(db, clock, generateDeckJob, { deckId }, { subjectId: deckId });
}

/**
 * Renders a deck's version 1 on a job worker and stores it with its files, marking the deck
 * `completed` in the same transaction that completes the job; when every attempt failed the deck
 * turns `failed` with the reason.
 */
export function generationJobHandler(
  services: Services,
): JobHandler<PayloadOf<typeof generateDeckJob>> {
  return {
    async run(job, context) {
      const deckId = String(job.payload.deckId);
      const [deck] = await deckById(services.db).execute({ deckId });
      if (!deck || deck.status !== 'generating') {
        // Deleted while queued, or made by an earlier attempt: nothing left to do.
        await services.db.transaction((tx) => context.complete(tx));
        return;
      }
      context.progress({ stage: 'layout', done: 0 });
      const presenter = await loadPresenter(services.db, deck.ownerId);
      // Its files are written to the store as it is drawn, before the transaction below: it then
      // holds its rows (and, on the embedded database, the one connection) only for its few
      // statements. In the render process, the bytes never reach this one (ADR 084).
      const rendered = await renderDraftStored(
        services,
        {
          draft: deck.draft,
          presenter,
          uploaderIds: [deck.ownerId],
          onProgress: (progress) => context.progress(progress),
          dealDesk: { deckId: deck.id, ownerId: deck.ownerId },
          identity: { deckId: deck.id, version: 1 },
        },
        { deckId: deck.id, prefix: versionPrefix(1) },
        context.signal,
      );
      context.signal.throwIfAborted();
      context.progress({ stage: 'storing' });
      await context.progressWritten();
      const now = services.clock.now();
      await services.db.transaction((tx) =>
        // The job's end, the version and the files' rows: on the embedded database sent at once,
        // without a round trip to this thread between them while the transaction holds its one
        // connection (the one reads wait for); on PostgreSQL one after another (ADR 071's
        // amendment). Should one fail (or the claim be lost), all are rolled back.
        statementsAtOnce(tx, [
          () => context.complete(tx),
          () =>
            writeDeckVersion(tx, {
              deckId: deck.id,
              version: { draft: deck.draft, presenter, ...renderedVersionContent(rendered) },
              createdBy: deck.ownerId,
              at: now,
              deckState: { status: 'completed', generationError: null },
            }),
          () => services.fileStore.record(tx, rendered.files),
        ]),
      );
    },
    async onFailed(job, message) {
      await markFailed(services, job.payload.deckId, message);
    },
    async onRefused(row) {
      if (row.subjectId) await markFailed(services, row.subjectId, refusedJobMessage);
    },
  };
}

/** What a rep reads when the deck's job could not be read back (the portal changed meanwhile). */
export const refusedJobMessage =
  'Its generation could not be read back after the portal was updated. Try again.';

/** A deck still generating turns failed, saying why; one made or failed already stays as it is. */
async function markFailed(services: Services, deckId: string, message: string) {
  await services.db
    .update(decks)
    .set({ status: 'failed', generationError: message, updatedAt: services.clock.now() })
    .where(and(eq(decks.id, deckId), eq(decks.status, 'generating')));
}

/** Try again: a failed deck is queued once more, from its stored draft. */
export async function retryGeneration(services: Services, deck: DeckRow) {
  if (deck.status !== 'failed') {
    throw new AppError(
      'conflict',
      deck.status === 'generating'
        ? 'This deck is already being generated.'
        : 'This deck was generated already.',
    );
  }
  const now = services.clock.now();
  const retried = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(decks)
      .set({ status: 'generating', generationError: null, updatedAt: now })
      .where(and(eq(decks.id, deck.id), eq(decks.status, 'failed')))
      .returning();
    if (row) await generationJobInsert(tx, services.clock, deck.id);
    return row;
  });
  if (!retried) throw new AppError('conflict', 'This deck is already being generated.');
  return generationState(services, retried);
}

/**
 * Where a deck's generation stands, for the wizard, the deck page and the event stream: its first
 * version's, or, once the deck is made, that of the newest version asked for (Modify → Generate).
 */
export async function generationState(
  services: Pick<Services, 'db'>,
  deck: DeckRow,
  /** The job to describe (one version's); the deck's latest when left out. */
  forJob?: JobRow,
): Promise<GenerationState> {
  return generationStateOf(deck, forJob ?? (await latestJobFor(services.db, deck.id)));
}

/** `generationState` from what it is made of: the deck and the job it describes. */
export function generationStateOf(
  deck: Pick<DeckRow, 'id' | 'status' | 'warnings' | 'generationError'>,
  job: Pick<JobRow, 'kind' | 'state' | 'progress' | 'result' | 'lastError'> | undefined,
): GenerationState {
  const base = { presentationId: deck.id, ...deckLinks(deck.id), warnings: deck.warnings };
  if (deck.status === 'generating' || deck.status === 'failed') {
    return {
      ...base,
      status: deck.status,
      progress: deck.status === 'generating' ? readProgress(job?.progress) : null,
      error:
        deck.status === 'failed' ? (deck.generationError ?? 'The deck could not be made.') : null,
    };
  }
  if (job?.kind === generateVersionJob.name && job.state !== 'completed') {
    const isFailed = job.state === 'failed';
    return {
      ...base,
      status: isFailed ? 'failed' : 'generating',
      progress: isFailed ? null : readProgress(job.progress),
      error: isFailed ? (job.lastError ?? 'The version could not be made.') : null,
    };
  }
  const version = job?.kind === generateVersionJob.name ? Number(job.result?.version) : NaN;
  return {
    ...base,
    status: 'completed',
    progress: null,
    error: null,
    ...(Number.isInteger(version) ? { version } : {}),
  };
}

/**
 * The state after its job told new progress and nothing else (`jobNotice`): as a read of the
 * deck and job would make it. A state no longer generating has no progress to change.
 */
export function withToldProgress(state: GenerationState, progress: unknown): GenerationState {
  return state.status === 'generating' ? { ...state, progress: readProgress(progress) } : state;
}

function readProgress(value: unknown): GenerationProgress {
  const parsed = generationProgressSchema.safeParse(value);
  return parsed.success ? parsed.data : { stage: 'queued' };
}
