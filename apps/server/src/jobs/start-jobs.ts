import type { Database } from '../db/database.ts';
import { generateDeckJob, generationJobHandler } from '../decks/generation-job.ts';
import type { Services } from '../services.ts';
import { startJobWorker } from './job-worker.ts';

/** Runs this process's share of the jobs: `JOB_WORKERS` of them at once. */
export function startJobs(services: Services, database: Pick<Database, 'db' | 'listen'>) {
  return startJobWorker({
    database,
    clock: services.clock,
    log: services.log,
    concurrency: services.config.jobWorkers,
    leaseMs: services.config.jobLeaseMs,
    handlers: { [generateDeckJob]: generationJobHandler(services) },
  });
}
