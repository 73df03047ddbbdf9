import { eq, sql } from 'drizzle-orm';
import type { GenerationState } from '@deck-portal/domain';
import { preparedQuery } from '../db/prepared-query.ts';
import { decks, jobs } from '../db/schema.ts';
import { jobNotice, jobsChannel, latestJobFor } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import { generationStateOf, withToldProgress } from './generation-job.ts';

/** What the state is made of, deck and job in one read: a deck's draft is not read. */
const deckAndJob = preparedQuery((db) =>
  db
    .select({
      id: decks.id,
      status: decks.status,
      warnings: decks.warnings,
      generationError: decks.generationError,
      job: {
        kind: jobs.kind,
        state: jobs.state,
        progress: jobs.progress,
        result: jobs.result,
        lastError: jobs.lastError,
      },
    })
    .from(decks)
    // No job to follow (null) joins none.
    .leftJoin(jobs, eq(jobs.id, sql.placeholder('jobId')))
    .where(eq(decks.id, sql.placeholder('deckId')))
    .prepare('follow_generation'),
);

/**
 * Calls `onState` with the deck's generation state now and each time it changes, until it is
 * `completed` or `failed`, the deck is gone (`onState(undefined)`) or `signal` aborts. Changes
 * arrive by the job's notifications from whichever worker runs it; a slow poll covers a missed one.
 * A notice of progress alone carries the progress (`jobNotice`) and is taken without a read,
 * unless a read is under way (whose answer may be older: read again after it).
 */
export async function followGeneration(
  services: Pick<Services, 'db' | 'listen'>,
  deckId: string,
  onState: (state: GenerationState | undefined) => void,
  {
    signal,
    pollMs = 1_000,
    jobId,
  }: {
    signal: AbortSignal;
    pollMs?: number;
    /** Follow this job (one version's) rather than the deck's latest. */
    jobId?: string;
  },
): Promise<void> {
  const followedId = jobId ?? (await latestJobFor(services.db, deckId))?.id;
  let last = '';
  let lastState: GenerationState | undefined;
  let isChecking = false;
  let checkAgain = false;
  return new Promise<void>((resolve) => {
    let stopListening: (() => Promise<void>) | undefined;
    let isDone = false;
    const finish = () => {
      if (isDone) return;
      isDone = true;
      clearInterval(poll);
      signal.removeEventListener('abort', finish);
      void stopListening?.().catch(() => undefined);
      resolve();
    };
    const check = async () => {
      if (isChecking) {
        checkAgain = true;
        return;
      }
      isChecking = true;
      try {
        do {
          checkAgain = false;
          const [row] = await deckAndJob(services.db).execute({
            deckId,
            jobId: followedId ?? null,
          });
          if (isDone) return;
          if (!row) {
            onState(undefined);
            finish();
            return;
          }
          const { job, ...deck } = row;
          tell(generationStateOf(deck, job ?? undefined));
        } while (checkAgain && !isDone);
      } catch {
        // The next notification or poll looks again.
      } finally {
        isChecking = false;
      }
    };
    const tell = (state: GenerationState) => {
      if (isDone) return;
      lastState = state;
      const seen = JSON.stringify(state);
      if (seen !== last) {
        last = seen;
        onState(state);
      }
      if (state.status !== 'generating') finish();
    };
    const poll = setInterval(() => void check(), pollMs);
    signal.addEventListener('abort', finish);
    if (signal.aborted) return finish();
    services
      .listen(jobsChannel, (payload) => {
        if (!followedId) return void check();
        const notice = jobNotice(payload);
        if (notice.jobId !== followedId) return;
        if ('progress' in notice && lastState && !isChecking) {
          tell(withToldProgress(lastState, notice.progress));
        } else void check();
      })
      .then((stop) => {
        if (isDone) void stop().catch(() => undefined);
        else stopListening = stop;
      })
      .catch(() => undefined)
      .finally(() => void check());
  });
}
