import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { HandledJob, JobKind } from './define-job.ts';
import { enqueueJob } from './job-queue.ts';

/** A job that comes round every `everyMs`; its kind's payload is empty. */
export type ScheduledJob<Deps> = HandledJob<Deps> & { readonly everyMs: number };

/**
 * Queues each scheduled job whose period has begun and has no job yet (a no-op otherwise). Every
 * worker process offers each period's job, under a key of its kind and period, so one job is made
 * per period however many processes run, and one worker does it.
 */
export async function offerScheduledJobs(
  db: Db,
  clock: Clock,
  schedule: readonly { kind: JobKind; everyMs: number }[],
) {
  const now = clock.now().getTime();
  for (const { kind, everyMs } of schedule) {
    const period = Math.floor(now / everyMs);
    await enqueueJob(
      db,
      clock,
      kind,
      {},
      { uniqueKey: `${kind.name}:${period}`, runAt: new Date(period * everyMs) },
    );
  }
}
