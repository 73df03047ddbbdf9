import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../src/clock.ts';
import type { Database } from '../src/db/database.ts';
import { jobs } from '../src/db/schema.ts';
import { defineJob, handleJob, InvalidJobPayloadError } from '../src/jobs/define-job.ts';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { startJobWorker, type JobWorker } from '../src/jobs/job-worker.ts';
import { createTestDatabase } from './helpers/test-database.ts';

// A job's payload is checked against its kind when it is queued and again when a worker claims
// it: a bad payload never reaches the queue, and a bad row (an old one, or one edited by hand)
// fails on its own, saying which job and which field, while the worker goes on.

const greetJob = defineJob({
  name: 'greet',
  payload: z.object({ name: z.string().min(1), times: z.number().int().positive() }),
});

let database: Database;
let worker: JobWorker | undefined;
/** What the greet handler was given, in the order it ran. */
const greeted: { name: string; times: number }[] = [];

const greetHandled = handleJob(greetJob, ({ database }: { database: Database }) => ({
  async run(job, context) {
    // Typed: `name` is a string and `times` a number here, without a cast.
    greeted.push(job.payload);
    const greeting = Array.from({ length: job.payload.times }, () => `Hello ${job.payload.name}`);
    await database.db.transaction((tx) => context.complete(tx, { greeting: greeting.join(' ') }));
  },
}));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await worker?.stop();
  await database.close();
});

async function startWorker() {
  worker = await startJobWorker({
    database,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    concurrency: 1,
    pollMs: 50,
    jobs: [greetHandled],
    deps: { database },
  });
  return worker;
}

async function settledRow(id: string) {
  for (let tries = 0; tries < 400; tries += 1) {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    if (row && (row.state === 'completed' || row.state === 'failed')) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not settle`);
}

describe('a typed job', () => {
  it('refuses a payload that does not match its kind, naming the job and the field, and queues nothing', async () => {
    const bad = { name: 'Dana', times: 'twice' } as unknown as z.input<typeof greetJob.payload>;
    const refused = enqueueJob(database.db, undefined, greetJob, bad);
    await expect(refused).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(refused).rejects.toThrow(/^The greet job's payload does not match: times: /);
    const missing = { times: 1 } as unknown as z.input<typeof greetJob.payload>;
    await expect(enqueueJob(database.db, undefined, greetJob, missing)).rejects.toThrow(
      /greet.*name: /,
    );
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'greet'))).toEqual([]);
  });

  it('fails a claimed row whose payload does not match, and the worker goes on with the next', async () => {
    // Rows as an older server, or a hand, left them: they bypass the queue's check.
    const [wrongType, noPayload] = await database.db
      .insert(jobs)
      .values([
        { kind: 'greet', payload: { name: 'Dana', times: 'twice' }, runAt: new Date(0) },
        { kind: 'greet', payload: {}, runAt: new Date(1) },
      ])
      .returning();
    const good = await enqueueJob(database.db, undefined, greetJob, { name: 'Lee', times: 1 });
    await startWorker();

    const failed = await settledRow(wrongType!.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/^The greet job's payload does not match: times: /);
    const empty = await settledRow(noPayload!.id);
    expect(empty).toMatchObject({ state: 'failed', attempts: 1 });
    expect(empty.lastError).toMatch(/greet/);
    expect(empty.lastError).toMatch(/name: /);
    expect(empty.lastError).toMatch(/times: /);
    // The bad rows never reached the handler; the good one ran.
    expect(await settledRow(good!.id)).toMatchObject({ state: 'completed' });
    expect(greeted).toEqual([{ name: 'Lee', times: 1 }]);

    // Still working: a job queued now is done too.
    const later = await enqueueJob(database.db, undefined, greetJob, { name: 'Kim', times: 1 });
    expect(await settledRow(later!.id)).toMatchObject({ state: 'completed' });
  });

  it('carries its payload from the queue to the handler, typed, and its result back', async () => {
    const queued = await enqueueJob(
      database.db,
      undefined,
      greetJob,
      { name: 'Ana', times: 2 },
      { subjectId: '7b0c8f7e-1d8a-4c4e-9a51-2f7f3f0c6d11' },
    );
    expect(queued).toMatchObject({
      kind: 'greet',
      payload: { name: 'Ana', times: 2 },
      maxAttempts: 3,
      state: 'queued',
    });
    worker ??= await startWorker();
    worker.wake();
    const done = await settledRow(queued!.id);
    expect(done).toMatchObject({
      state: 'completed',
      attempts: 1,
      result: { greeting: 'Hello Ana Hello Ana' },
    });
    expect(greeted.at(-1)).toEqual({ name: 'Ana', times: 2 });
    const all = await database.db
      .select({ state: jobs.state })
      .from(jobs)
      .where(inArray(jobs.state, ['queued', 'running']));
    expect(all).toEqual([]);
  });
});
