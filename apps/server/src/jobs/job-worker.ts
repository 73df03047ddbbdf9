import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { outsideRequest } from '../http/request-address.ts';
import { readPayload, type HandledJob, type Job } from './define-job.ts';
import {
  claimJob,
  completeJob,
  extendLease,
  failAttempt,
  jobsChannel,
  queuedSignal,
  reportProgress,
  type JobRow,
} from './job-queue.ts';

/** A failure no retry can mend (the deck's input is refused): the job fails at once. */
export class FinalJobError extends Error {
  override name = 'FinalJobError';
}

export type JobWorkerOptions<Deps> = {
  database: Pick<Database, 'db' | 'listen'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The kinds of job this worker runs, each with its handler. */
  jobs: readonly HandledJob<Deps>[];
  /** What the handlers are made from (the server's services). */
  deps: Deps;
  /** Jobs run at once by this worker. */
  concurrency: number;
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs?: number;
  /** Looks for due work this often even without a notification (retries, lost notifications). */
  pollMs?: number;
};

export type JobWorker = {
  readonly id: string;
  /** Jobs running now. */
  readonly running: number;
  /** Looks for work now. */
  wake(): void;
  /** Stops claiming, waits for the running jobs, stops listening. */
  stop(): Promise<void>;
};

class LostClaimError extends Error {
  override name = 'LostClaimError';
}

/**
 * Claims and runs jobs: woken at once by `LISTEN` when a job is queued (on both databases), and
 * by a slow poll for retries that come due and notifications missed while reconnecting.
 */
export async function startJobWorker<Deps>(options: JobWorkerOptions<Deps>): Promise<JobWorker> {
  const { database, clock, log } = options;
  const { db } = database;
  const leaseMs = options.leaseMs ?? 30_000;
  const handlers = new Map(
    options.jobs.map(({ kind, handler }) => [kind.name, { kind, handler: handler(options.deps) }]),
  );
  const kinds = [...handlers.keys()];
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Set<Promise<void>>();
  let isStopping = false;
  let isFilling = false;
  let shouldFillAgain = false;
  /**
   * What this worker knows of waiting jobs, so that it asks for one only when there may be one
   * (each ask is a statement): `signalled` jobs were announced queued and not yet claimed (by
   * this worker: others may have taken them, which an empty claim shows); `mayHaveWork` after a
   * poll or a start, until a claim finds none.
   */
  let signalled = 0;
  let mayHaveWork = true;

  const fill = async () => {
    if (isFilling) {
      shouldFillAgain = true;
      return;
    }
    isFilling = true;
    try {
      do {
        shouldFillAgain = false;
        while (
          !isStopping &&
          running.size < options.concurrency &&
          (mayHaveWork || signalled > 0)
        ) {
          const job = await claimJob(db, clock, { workerId: id, kinds, leaseMs });
          if (!job) {
            // A notification during the claim may have come after it looked: that one fills again.
            if (!shouldFillAgain) {
              mayHaveWork = false;
              signalled = 0;
            }
            break;
          }
          signalled = Math.max(0, signalled - 1);
          const run = outsideRequest(() => runJob(job)).finally(() => {
            running.delete(run);
            void fill();
          });
          running.add(run);
        }
      } while (shouldFillAgain && !isStopping);
    } catch (error) {
      log.warn({ err: error }, 'the job worker could not claim work; it tries again shortly');
    } finally {
      isFilling = false;
    }
  };
  const wake = () => {
    mayHaveWork = true;
    if (!isStopping) void fill();
  };
  const jobQueued = () => {
    signalled += 1;
    if (!isStopping) void fill();
  };

  const runJob = async (row: JobRow) => {
    const { kind, handler } = handlers.get(row.kind)!;
    const read = readPayload(kind, row.payload);
    if ('problem' in read) {
      // A row written before its kind changed, or by hand: no attempt can mend it.
      // Its subject (a column of the row, written by the queue, not the payload) is told, so a
      // deck or an import does not wait for it forever.
      log.warn({ jobId: row.id, kind: row.kind, problem: read.problem }, 'a job was refused');
      await settleFailure(row, (message) => handler.onRefused?.(row, message), read.problem, true);
      return;
    }
    const job: Job<unknown> = { ...row, payload: read.payload };
    if (row.attempts > row.maxAttempts) {
      // Its workers died that many times: running it again would likely kill the next one too.
      const message = `It was stopped before finishing, ${row.maxAttempts} times: the server making it restarted or ran out of memory. Try again; if it stops again, a deck with fewer or smaller pictures may go through, and your administrator can see why in the server's log.`;
      await settleFailure(row, (text) => handler.onFailed?.(job, text), message, true);
      return;
    }
    const abort = new AbortController();
    const renew = setInterval(() => {
      extendLease(db, clock, row, leaseMs)
        .then((isOwn) => {
          if (!isOwn) abort.abort(new LostClaimError('the job was taken over'));
        })
        .catch(() => undefined);
    }, leaseMs / 3);
    const progress = coalescedProgress((value) => reportProgress(db, clock, row, value));
    try {
      await handler.run(job, {
        progress: progress.report,
        progressWritten: progress.settled,
        signal: abort.signal,
        complete: async (tx, result) => {
          if (!(await completeJob(tx, clock, row, result))) {
            throw new LostClaimError('claim lost');
          }
        },
      });
    } catch (error) {
      if (error instanceof LostClaimError || abort.signal.aborted) {
        log.warn({ jobId: job.id, kind: job.kind }, 'a job was taken over by another worker');
        return;
      }
      const isFinal = error instanceof FinalJobError || error instanceof AppError;
      if (!isFinal) log.error({ err: error, jobId: job.id, kind: job.kind }, 'a job failed');
      await progress.settled();
      const message = messageOf(error, isFinal, row.maxAttempts);
      await settleFailure(row, (text) => handler.onFailed?.(job, text), message, isFinal);
    } finally {
      clearInterval(renew);
    }
  };

  /** Records a failed attempt; `hearOfLast` is told of the last one. */
  const settleFailure = async (
    row: JobRow,
    hearOfLast: (message: string) => Promise<void> | undefined,
    message: string,
    isFinal: boolean,
  ) => {
    try {
      const outcome = await failAttempt(db, clock, row, { message, isFinal });
      if (outcome === 'failed') await hearOfLast(message);
    } catch (error) {
      log.error({ err: error, jobId: row.id }, 'a failed job could not be recorded');
    }
  };

  const stopListening = await database.listen(jobsChannel, (payload) => {
    if (payload === queuedSignal) jobQueued();
  });
  const poll = setInterval(wake, options.pollMs ?? 2_000);
  poll.unref();
  wake();

  return {
    id,
    get running() {
      return running.size;
    },
    wake,
    async stop() {
      isStopping = true;
      clearInterval(poll);
      while (isFilling || running.size > 0) {
        await Promise.allSettled([...running]);
        if (isFilling) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await stopListening().catch(() => undefined);
    },
  };
}

/** A handler's words reach the rep only when they were written for them; the rest stay in the log. */
function messageOf(error: unknown, isFinal: boolean, attempts: number) {
  if (isFinal && error instanceof Error) return error.message;
  return `Something went wrong while making the files, ${attempts} times in a row. Try again in a few minutes; if it fails again, your administrator can see why in the server's log.`;
}

/**
 * Progress writes one at a time and at most every `intervalMs`: a report meanwhile replaces any
 * waiting one, so a fast render costs two writes, not one per slide. `settled()` writes the
 * waiting report at once and waits for it.
 */
function coalescedProgress(
  write: (progress: Record<string, unknown>) => Promise<void>,
  intervalMs = 250,
) {
  let waiting: Record<string, unknown> | undefined;
  let writing: Promise<void> | undefined;
  let lastWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  const writeWaiting = async () => {
    while (waiting) {
      const next = waiting;
      waiting = undefined;
      lastWrite = performance.now();
      await write(next).catch(() => undefined);
    }
    writing = undefined;
  };
  const schedule = () => {
    if (writing || timer) return;
    const wait = lastWrite + intervalMs - performance.now();
    if (wait <= 0) {
      writing = writeWaiting();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      schedule();
    }, wait);
  };
  return {
    report(progress: Record<string, unknown>) {
      waiting = progress;
      schedule();
    },
    async settled() {
      clearTimeout(timer);
      timer = undefined;
      await writing;
      if (waiting) await (writing = writeWaiting());
    },
  };
}
