import { eq, sql } from 'drizzle-orm';
import type { GenerationState } from '@deck-portal/domain';
import { decks, jobs } from '../db/schema.ts';
import { jobsChannel, latestJobFor } from '../jobs/job-queue.ts';
import type { Services } from '../services.ts';
import { generationStateOf } from './generation-job.ts';

/**
 * Calls `onState` with the deck's generation state now and each time it changes, until it is
 * `completed` or `failed`, the deck is gone (`onState(undefined)`) or `signal` aborts. Changes
 * arrive by the job's notifications from whichever worker runs it; a slow poll covers a missed one.
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
          // What the state is made of, deck and job in one read: a deck's draft is not read.
          const [row] = await services.db
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
            .leftJoin(jobs, followedId ? eq(jobs.id, followedId) : sql`false`)
            .where(eq(decks.id, deckId));
          if (isDone) return;
          if (!row) {
            onState(undefined);
            finish();
            return;
          }
          const { job, ...deck } = row;
          const state = generationStateOf(deck, job ?? undefined);
          const seen = JSON.stringify(state);
          if (seen !== last && !isDone) {
            last = seen;
            onState(state);
          }
          if (state.status !== 'generating') finish();
        } while (checkAgain && !isDone);
      } catch {
        // The next notification or poll looks again.
      } finally {
        isChecking = false;
      }
    };
    const poll = setInterval(() => void check(), pollMs);
    signal.addEventListener('abort', finish);
    if (signal.aborted) return finish();
    services
      .listen(jobsChannel, (payload) => {
        if (!followedId || payload === followedId) void check();
      })
      .then((stop) => {
        if (isDone) void stop().catch(() => undefined);
        else stopListening = stop;
      })
      .catch(() => undefined)
      .finally(() => void check());
  });
}
