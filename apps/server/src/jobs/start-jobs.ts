import type { Database } from '../db/database.ts';
import {
  generateDeckJob,
  generateVersionJob,
  generationJobHandler,
} from '../decks/generation-job.ts';
import { versionJobHandler } from '../decks/generate-version.ts';
import { importJobHandler, importPptxJob } from '../library/library-imports.ts';
import { deliverMailJob } from '../mail/mailer.ts';
import type { Services } from '../services.ts';
import { startJobWorker, type JobHandler } from './job-worker.ts';
import { offerScheduledJobs, scheduledJobs } from './scheduled-jobs.ts';

/** How often a worker process looks whether a scheduled job's period has begun. */
const scheduleCheckMs = 60_000;

/**
 * Runs this process's share of the jobs, `JOB_WORKERS` at once: decks to render, mail to send,
 * and the scheduled sweeps, which it also offers each period.
 */
export async function startJobs(services: Services, database: Pick<Database, 'db' | 'listen'>) {
  const handlers: Record<string, JobHandler> = {
    [generateDeckJob]: generationJobHandler(services),
    [generateVersionJob]: versionJobHandler(services),
    [deliverMailJob]: scheduledJobs['retry-mail'].handler(services),
    [importPptxJob]: importJobHandler(services),
  };
  for (const [kind, { handler }] of Object.entries(scheduledJobs)) {
    handlers[kind] = handler(services);
  }
  const offer = () =>
    offerScheduledJobs(services.db, services.clock).catch((error: unknown) =>
      services.log.warn({ err: error }, 'scheduled jobs could not be offered; tried again soon'),
    );
  await offer();
  const timer = setInterval(() => void offer(), scheduleCheckMs);
  timer.unref();
  const worker = await startJobWorker({
    database,
    clock: services.clock,
    log: services.log,
    concurrency: services.config.jobWorkers,
    leaseMs: services.config.jobLeaseMs,
    handlers,
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
