import { and, inArray, lt } from 'drizzle-orm';
import { deleteExpiredSessions } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { jobs, libraryImports } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { sweepOrphanFiles } from '../storage/sweep-orphan-files.ts';
import { enqueueJob } from './job-queue.ts';
import type { JobHandler } from './job-worker.ts';

const minute = 60_000;
const hour = 60 * minute;

/** Finished jobs are kept this long (what happened, and why a deck failed), then deleted. */
export const finishedJobsKeptMs = 7 * 24 * hour;

/** A PowerPoint import is offered this long; its slides chosen are in the library by then. */
export const importsKeptMs = 7 * 24 * hour;

/** A handler that does its work and completes the job after it. */
const simpleJob = (work: (services: Services) => Promise<void>) => (services: Services) =>
  ({
    async run(_job, context) {
      await work(services);
      await services.db.transaction((tx) => context.complete(tx));
    },
  }) satisfies JobHandler;

/**
 * The work that comes round on a schedule. Every worker process offers each period's job, under
 * a key of its kind and period, so one job is made per period however many processes run, and
 * one worker does it.
 */
export const scheduledJobs = {
  // Mail that could not be sent when it was queued (the mail server was down): tried again.
  'retry-mail': {
    everyMs: minute,
    handler: simpleJob((services) => services.mailer.deliverPending()),
  },
  // Bytes whose rows are gone (a deck deleted, a generation rolled back).
  'sweep-orphan-files': {
    everyMs: 6 * hour,
    handler: simpleJob(async ({ db, objects, clock, log }) => {
      const deleted = await sweepOrphanFiles({ db, objects, now: clock.now() });
      if (deleted > 0) log.info({ deleted }, 'orphaned files deleted');
    }),
  },
  // Sessions nobody can use any more, jobs finished a week ago, and PowerPoint imports a week
  // old (their files then go with the orphan sweep).
  'sweep-expired': {
    everyMs: hour,
    handler: simpleJob(async ({ db, clock }) => {
      await deleteExpiredSessions(db, clock);
      await db
        .delete(libraryImports)
        .where(lt(libraryImports.createdAt, new Date(clock.now().getTime() - importsKeptMs)));
      await db
        .delete(jobs)
        .where(
          and(
            inArray(jobs.state, ['completed', 'failed']),
            lt(jobs.updatedAt, new Date(clock.now().getTime() - finishedJobsKeptMs)),
          ),
        );
    }),
  },
} as const;

/** Queues each scheduled job whose period has begun and has no job yet (a no-op otherwise). */
export async function offerScheduledJobs(db: Db, clock: Clock) {
  const now = clock.now().getTime();
  for (const [kind, { everyMs }] of Object.entries(scheduledJobs)) {
    const period = Math.floor(now / everyMs);
    await enqueueJob(db, clock, {
      kind,
      uniqueKey: `${kind}:${period}`,
      runAt: new Date(period * everyMs),
      maxAttempts: 1,
    });
  }
}
