// How long a queued job waits for an idle worker: from the enqueue (its transaction committed)
// to the handler starting, one job at a time with the worker idle in between. On the embedded
// database, and on PostgreSQL too when DATABASE_URL is set. Prints one JSON line for
// bench/run.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { systemClock } from '../src/clock.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { defineJob, handleJob } from '../src/jobs/define-job.ts';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { startJobWorker } from '../src/jobs/job-worker.ts';
import { createThrowawayDatabase } from '../test/helpers/test-database.ts';

const noopJob = defineJob({ name: 'bench-noop', payload: z.object({}) });

const SAMPLES = Number(process.env.BENCH_PICKUP_SAMPLES ?? 60);
const silent = {
  level: 'silent',
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
  silent() {},
} as never;

async function measure(database: Database) {
  let started: ((at: number) => void) | undefined;
  const worker = await startJobWorker({
    database,
    clock: systemClock,
    log: silent,
    concurrency: 1,
    jobs: [
      handleJob(noopJob, () => ({
        async run(_job, context) {
          started?.(performance.now());
          await database.db.transaction((tx) => context.complete(tx));
        },
      })),
    ],
    deps: undefined,
  });
  const waits: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    await sleep(30); // the worker idle, waiting on LISTEN
    const picked = new Promise<number>((resolve) => (started = resolve));
    const queuedAt = performance.now();
    await enqueueJob(database.db, systemClock, noopJob, {});
    waits.push((await picked) - queuedAt);
  }
  await worker.stop();
  const sorted = waits.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    samples: SAMPLES,
    median: round(at(0.5)),
    p90: round(at(0.9)),
    max: round(sorted.at(-1)!),
  };
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
const embedded = await openDatabase({ driver: 'pglite', dataDir: undefined });
results.pglite = await measure(embedded);
await embedded.close();
if (process.env.DATABASE_URL) {
  const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL);
  const postgres = await openDatabase({ driver: 'postgres', url: throwaway.url });
  results.postgres = await measure(postgres);
  await postgres.close();
  await throwaway.drop();
}
console.log(JSON.stringify(results));
