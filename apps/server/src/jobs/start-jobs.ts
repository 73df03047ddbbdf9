import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { HandledJob } from './define-job.ts';
import { startJobWorker } from './job-worker.ts';
import { offerScheduledJobs, type ScheduledJob } from './scheduled-jobs.ts';

/** How often a worker process looks whether a scheduled job's period has begun. */
const scheduleCheckMs = 60_000;

export type StartJobsOptions<Deps> = {
  database: Pick<Database, 'db' | 'listen'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Jobs run at once (`JOB_WORKERS`). */
  concurrency: number;
  leaseMs?: number;
  /** Every kind of job this process runs when one is queued. */
  jobs: readonly HandledJob<Deps>[];
  /** The jobs that come round on a schedule: offered each period, and run like the others. */
  schedule: readonly ScheduledJob<Deps>[];
  /** What the handlers are made from. */
  deps: Deps;
};

/** Runs this process's share of the jobs, and offers the scheduled ones each period. */
export async function startJobs<Deps>(options: StartJobsOptions<Deps>) {
  const { database, clock, log, schedule } = options;
  const offer = () =>
    offerScheduledJobs(database.db, clock, schedule).catch((error: unknown) =>
      log.warn({ err: error }, 'scheduled jobs could not be offered; tried again soon'),
    );
  await offer();
  const timer = setInterval(() => void offer(), scheduleCheckMs);
  timer.unref();
  const worker = await startJobWorker({
    database,
    clock,
    log,
    concurrency: options.concurrency,
    leaseMs: options.leaseMs,
    jobs: [...options.jobs, ...schedule],
    deps: options.deps,
  });
  return {
    ...worker,
    get running() {
      return worker.running;
    },
    async stop() {
      clearInterval(timer);
      await worker.stop();
    },
  };
}
