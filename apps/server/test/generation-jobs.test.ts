import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import type { DeckRenderer, RenderProgress } from '@deck-portal/deck-engine';
import type { DeckDraftInput } from '@deck-portal/domain';
import { deckVersions, decks, jobs, outboxMails, sessions, users } from '../src/db/schema.ts';
import { refusedJobMessage } from '../src/decks/generation-job.ts';
import { enqueueMail } from '../src/mail/mailer.ts';
import { offerScheduledJobs } from '../src/jobs/scheduled-jobs.ts';
import { AppError } from '../src/http/app-error.ts';
import { defineJob, handleJob } from '../src/jobs/define-job.ts';
import { followGeneration } from '../src/decks/follow-generation.ts';
import {
  claimJob,
  completeJob,
  enqueueJob,
  jobNotice,
  jobsChannel,
} from '../src/jobs/job-queue.ts';
import { startJobWorker } from '../src/jobs/job-worker.ts';
import { serverSchedule } from '../src/server-jobs.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createAdmin } from './helpers/accounts.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

// Generation as a durable job: the request answers at once, a worker renders and stores the
// deck, progress is reported as it happens, failures are retried and then shown with Try again.

type Gate = {
  reached: Promise<void>;
  markReached(): void;
  released: Promise<void>;
  release(): void;
};

function newGate(): Gate {
  const gate = {} as Gate;
  gate.reached = new Promise((resolve) => (gate.markReached = resolve));
  gate.released = new Promise((resolve) => (gate.release = resolve));
  return gate;
}

/** A renderer the test steers: it reports progress, then waits, fails or renders as told. */
function steeredRenderer() {
  const fake = createFakeDeckRenderer(3);
  let gate: Gate | undefined;
  const steer = {
    /** Thrown by the next renders, one each. */
    failures: [] as Error[],
    calls: 0,
    /** The next render reports its first slides, then waits for `release()`. */
    hold: () => (gate = newGate()),
  };
  const renderer: DeckRenderer = {
    ...fake,
    async generate(draft, options) {
      steer.calls += 1;
      const report = (progress: RenderProgress) => options?.onProgress?.(progress);
      report({ stage: 'layout', done: 1, total: 3 });
      report({ stage: 'layout', done: 2, total: 3 });
      const current = gate;
      gate = undefined;
      if (current) {
        current.markReached();
        await current.released;
      }
      const failure = steer.failures.shift();
      if (failure) throw failure;
      report({ stage: 'pptx' });
      return fake.generate(draft, options);
    },
  };
  return { renderer, steer };
}

let t: TestApp;
let cookie: string;
const clock = createTestClock(new Date());
const { renderer, steer } = steeredRenderer();

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: renderer, clock, env: { JOB_WORKERS: '2' } });
  cookie = (await createAdmin(t.app)).cookie;
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

const draft: DeckDraftInput = {
  basicInfo: { deckTitle: 'Queued deck', clientName: 'Northwind', date: '2026-11-21' },
  productSelection: { selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }] },
  templateCustomization: { selectedSlides: ['title'] },
};

const request = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...headers },
    ...(method === 'POST' && url === '/api/generate-slides' ? { payload: draft } : {}),
  });

async function generationOf(deckId: string) {
  const res = await request('GET', `/api/decks/${deckId}/generation`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Polls as the wizard's fallback does, until the deck is no longer generating. */
async function settled(deckId: string) {
  for (let i = 0; i < 400; i += 1) {
    const state = await generationOf(deckId);
    if (state.status !== 'generating') return state;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the deck never settled');
}

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 400; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

describe('generation answers at once and a worker makes the deck', () => {
  it('answers 202 with the deck generating, shows its progress, then the deck is ready', async () => {
    const gate = holdNextRender();
    const res = await request('POST', '/api/generate-slides');
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json();
    expect(accepted).toMatchObject({ status: 'generating', error: null });
    expect(res.headers.location).toBe(`/api/decks/${accepted.presentationId}/generation`);
    const deckId = accepted.presentationId as string;

    await gate.reached;
    // The worker's progress, as it reported it, while the render is still under way.
    await until(async () => (await generationOf(deckId)).progress?.done === 2);
    expect((await generationOf(deckId)).progress).toEqual({ stage: 'layout', done: 2, total: 3 });
    const listed = (await request('GET', '/api/recent-decks')).json().recentDecks[0];
    expect(listed).toMatchObject({ id: deckId, status: 'generating', pdfUrl: null });
    const download = await request('GET', `/api/decks/${deckId}/download`);
    expect(download.statusCode).toBe(409);
    expect(download.json().error.message).toBe(
      'This deck is still being generated. Try again in a moment.',
    );

    gate.release();
    const done = await settled(deckId);
    expect(done).toMatchObject({ status: 'completed', progress: null, error: null });
    expect((await request('GET', `/api/decks/${deckId}/download`)).statusCode).toBe(200);
    const [deck] = await t.app.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck).toMatchObject({ status: 'completed', slideCount: 3 });
    const [job] = await t.app.services.db.select().from(jobs).where(eq(jobs.subjectId, deckId));
    expect(job).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('streams the state as server-sent events until the deck is made', async () => {
    const gate = holdNextRender();
    const deckId = (await request('POST', '/api/generate-slides')).json().presentationId;
    await gate.reached;
    const streamed = request('GET', `/api/decks/${deckId}/generation/events`);
    setTimeout(gate.release, 50);
    const res = await streamed;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    const states = res.body
      .split('\n\n')
      .filter((block) => block.startsWith('event: state'))
      .map((block) => JSON.parse(block.split('\ndata: ')[1]!));
    expect(states[0]).toMatchObject({ status: 'generating', progress: { stage: 'layout' } });
    expect(states.at(-1)).toMatchObject({ status: 'completed', presentationId: deckId });
  });

  it("tells progress in the job's notice, which a follower takes without reading the job again", async () => {
    const told: string[] = [];
    const stopListening = await t.database.listen(jobsChannel, (payload) => told.push(payload));
    const gate = holdNextRender();
    onTestFinished(gate.release);
    const deckId = (await request('POST', '/api/generate-slides')).json().presentationId as string;
    await gate.reached;
    const [job] = await t.app.services.db.select().from(jobs).where(eq(jobs.subjectId, deckId));
    await until(async () => told.some((payload) => payload.startsWith(`${job!.id} {`)));
    await stopListening();
    // The job's first report: its layout begun.
    expect(jobNotice(told.find((payload) => payload.startsWith(`${job!.id} `))!)).toEqual({
      jobId: job!.id,
      progress: { stage: 'layout', done: 0 },
    });

    // A follower whose notices the test sends: the database's progress stays as it was.
    let notify: (payload: string) => void = () => undefined;
    const states: unknown[] = [];
    const stop = new AbortController();
    const following = followGeneration(
      {
        db: t.app.services.db,
        listen: async (_channel, onNotify) => {
          notify = onNotify;
          return async () => undefined;
        },
      },
      deckId,
      (state) => states.push(state),
      { signal: stop.signal, pollMs: 60_000 },
    );
    await until(async () => states.length === 1);
    const stored = (states[0] as { progress: unknown }).progress;
    notify(`${job!.id} {"stage":"pptx"}`);
    expect(states.at(-1)).toMatchObject({ status: 'generating', progress: { stage: 'pptx' } });
    // Another job's notice says nothing of this one; the bare id is read again.
    notify(`${crypto.randomUUID()} {"stage":"pdf"}`);
    expect(states).toHaveLength(2);
    notify(job!.id);
    await until(async () => states.length === 3);
    expect(states.at(-1)).toMatchObject({ status: 'generating', progress: stored });
    stop.abort();
    await following;
    gate.release();
    await settled(deckId);
  });

  it('waits for the deck when asked to (Prefer: wait) and answers 201 with it made', async () => {
    const res = await request('POST', '/api/generate-slides', { prefer: 'wait=30' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'completed', warnings: [] });
  });
});

describe('failures', () => {
  it('retries a failing render with backoff, then marks the deck failed; Try again makes it', async () => {
    steer.failures.push(new Error('disk full'), new Error('disk full'), new Error('disk full'));
    const before = steer.calls;
    const deckId = (await request('POST', '/api/generate-slides')).json().presentationId;
    const jobOf = async () =>
      (await t.app.services.db.select().from(jobs).where(eq(jobs.subjectId, deckId)))[0]!;
    for (const attempt of [1, 2]) {
      await until(
        async () => (await jobOf()).attempts === attempt && (await jobOf()).state === 'queued',
      );
      // Not before its backoff has passed.
      t.app.jobs!.wake();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect((await jobOf()).attempts).toBe(attempt);
      clock.advance(20_000);
      t.app.jobs!.wake();
    }
    const failed = await settled(deckId);
    expect(steer.calls - before).toBe(3);
    const message =
      "Something went wrong while making the files, 3 times in a row. Try again in a few minutes; if it fails again, your administrator can see why in the server's log.";
    expect(failed).toMatchObject({ status: 'failed', error: message });
    expect((await jobOf()).lastError).toBe(message);
    const details = (await request('GET', `/api/decks/${deckId}`)).json();
    expect(details).toMatchObject({ status: 'failed', generationError: message });
    expect((await request('GET', `/api/decks/${deckId}/pptx`)).json().error.code).toBe(
      'deck_failed',
    );

    const retried = await request('POST', `/api/decks/${deckId}/generation/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ status: 'generating', error: null });
    expect(await settled(deckId)).toMatchObject({ status: 'completed' });
    const again = await request('POST', `/api/decks/${deckId}/generation/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This deck was generated already.');
  });

  it('does not retry what no retry can mend: the message reaches the rep at once', async () => {
    steer.failures.push(
      new AppError('pictures_unavailable', 'Some pictures cannot be used.', { status: 422 }),
    );
    const before = steer.calls;
    const deckId = (await request('POST', '/api/generate-slides')).json().presentationId;
    expect(await settled(deckId)).toMatchObject({
      status: 'failed',
      error: 'Some pictures cannot be used.',
    });
    expect(steer.calls - before).toBe(1);
    const waited = await request('POST', '/api/generate-slides', { prefer: 'wait=30' });
    expect(waited.statusCode).toBe(201);
  });
});

describe('a deck’s next version (Modify → Generate)', () => {
  const postVersion = (deckId: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/decks/${deckId}/versions`,
      headers: { cookie, ...headers },
      payload: { ...draft, basicInfo: { ...draft.basicInfo, deckTitle: 'Queued deck, again' } },
    });
  const versionsOf = async (deckId: string) =>
    (await t.app.services.db.select().from(deckVersions).where(eq(deckVersions.deckId, deckId)))
      .length;

  it('is queued like a new deck while the version before stays in use, then is the newest', async () => {
    const made = await request('POST', '/api/generate-slides', { prefer: 'wait=30' });
    const deckId = made.json().presentationId as string;
    // The test's clock stands still: the version's job is asked for after the deck's.
    clock.advance(1_000);
    const gate = holdNextRender();
    const res = await postVersion(deckId);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ presentationId: deckId, status: 'generating' });

    await gate.reached;
    await until(async () => (await generationOf(deckId)).progress?.done === 2);
    // The deck's current version can still be opened and sent while the next one is made.
    expect((await request('GET', `/api/decks/${deckId}/download`)).statusCode).toBe(200);
    const before = (await request('GET', `/api/decks/${deckId}`)).json();
    expect(before).toMatchObject({ status: 'completed', currentVersion: 1 });
    expect(before.draft.basicInfo.deckTitle).toBe('Queued deck');

    gate.release();
    expect(await settled(deckId)).toMatchObject({ status: 'completed', version: 2 });
    const after = (await request('GET', `/api/decks/${deckId}`)).json();
    expect(after).toMatchObject({ currentVersion: 2 });
    expect(after.draft.basicInfo.deckTitle).toBe('Queued deck, again');
    expect(await versionsOf(deckId)).toBe(2);
  });

  it('answers the same version to a retried request, queued or made', async () => {
    const deckId = (await request('POST', '/api/generate-slides', { prefer: 'wait=30' })).json()
      .presentationId as string;
    const gate = holdNextRender();
    const key = { 'idempotency-key': `version-of-${deckId}` };
    expect((await postVersion(deckId, key)).statusCode).toBe(202);
    await gate.reached;
    // Asked again while the first is still being made: no second job.
    expect((await postVersion(deckId, key)).statusCode).toBe(202);
    gate.release();
    await settled(deckId);
    const again = await postVersion(deckId, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ version: 2 });
    expect(await versionsOf(deckId)).toBe(2);
  });

  it('says why a version could not be made and leaves the deck as it was', async () => {
    const deckId = (await request('POST', '/api/generate-slides', { prefer: 'wait=30' })).json()
      .presentationId as string;
    clock.advance(1_000);
    steer.failures.push(
      new AppError('pictures_unavailable', 'Some pictures cannot be used.', { status: 422 }),
    );
    const waited = await postVersion(deckId, { prefer: 'wait=30' });
    expect(waited.statusCode, waited.body).toBe(422);
    expect(waited.json().error).toMatchObject({
      code: 'generation_failed',
      message: 'Some pictures cannot be used.',
    });
    expect(await generationOf(deckId)).toMatchObject({
      status: 'failed',
      error: 'Some pictures cannot be used.',
    });
    const details = (await request('GET', `/api/decks/${deckId}`)).json();
    expect(details).toMatchObject({ status: 'completed', currentVersion: 1 });
    expect((await request('GET', `/api/decks/${deckId}/download`)).statusCode).toBe(200);
    expect(await versionsOf(deckId)).toBe(1);
    // Generating again makes it.
    const next = await postVersion(deckId, { prefer: 'wait=30' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ version: 2, warnings: [] });
  });
});

describe('a worker that dies', () => {
  it('loses its job when its lease runs out; another worker finishes it, once', async () => {
    const db = t.app.services.db;
    const gate = holdNextRender();
    const deckId = (await request('POST', '/api/generate-slides')).json().presentationId;
    await gate.reached;
    const [running] = await db.select().from(jobs).where(eq(jobs.subjectId, deckId));
    expect(running).toMatchObject({ state: 'running', attempts: 1 });
    // Its lease runs out (this worker's renewals are for a claim it no longer holds).
    await db
      .update(jobs)
      .set({ lockedBy: 'dead-worker', lockedUntil: new Date(clock.now().getTime() - 1) })
      .where(eq(jobs.id, running!.id));
    const stolen = await claimJob(db, clock, {
      workerId: 'second-worker',
      kinds: ['generate-deck'],
      leaseMs: 60_000,
    });
    expect(stolen).toMatchObject({ id: running!.id, attempts: 2, lockedBy: 'second-worker' });
    // The first worker wakes up and finishes its render: it may not complete a job it lost.
    gate.release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.select().from(deckVersions).where(eq(deckVersions.deckId, deckId))).toEqual([]);
    expect(await completeJob(db, clock, { ...running!, lockedBy: 'dead-worker' })).toBe(false);
    // The second worker's lease runs out in turn: this process's worker takes it and makes it.
    clock.advance(61_000);
    t.app.jobs!.wake();
    expect(await settled(deckId)).toMatchObject({ status: 'completed' });
    const versions = await db.select().from(deckVersions).where(eq(deckVersions.deckId, deckId));
    expect(versions).toHaveLength(1);
    const [finished] = await db.select().from(jobs).where(eq(jobs.id, running!.id));
    expect(finished).toMatchObject({ state: 'completed', attempts: 3 });
  });
  it('gives up on a job whose workers died on it every time, telling the rep what to try', async () => {
    const db = t.app.services.db;
    const gate = holdNextRender();
    const deckId = (await request('POST', '/api/generate-slides')).json().presentationId;
    await gate.reached;
    const [running] = await db.select().from(jobs).where(eq(jobs.subjectId, deckId));
    // As if its worker had died mid-render on each of its three attempts: the lease has run
    // out and the next claim would be a fourth.
    await db
      .update(jobs)
      .set({
        attempts: running!.maxAttempts,
        lockedBy: 'dead-worker',
        lockedUntil: new Date(clock.now().getTime() - 1),
      })
      .where(eq(jobs.id, running!.id));
    const before = steer.calls;
    t.app.jobs!.wake();
    const failed = await settled(deckId);
    expect(failed).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(
        /^It was stopped before finishing, 3 times: the server making it restarted or ran out of memory\. Try again;/,
      ),
    });
    expect(steer.calls - before).toBe(0);
    gate.release();
    // The render the "dead" worker was still doing may not complete the job that gave up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await request('GET', `/api/decks/${deckId}`)).json()).toMatchObject({
      status: 'failed',
    });
    expect(await db.select().from(deckVersions).where(eq(deckVersions.deckId, deckId))).toEqual([]);
    const retried = await request('POST', `/api/decks/${deckId}/generation/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(await settled(deckId)).toMatchObject({ status: 'completed' });
  });

  it('fails a deck whose job row cannot be read back (an older server wrote it), and Try again makes it', async () => {
    const db = t.app.services.db;
    const gate = holdNextRender();
    const deckId = (await request('POST', '/api/generate-slides')).json().presentationId;
    await gate.reached;
    const [running] = await db.select().from(jobs).where(eq(jobs.subjectId, deckId));
    // Its worker died, and the row is as a server before this one wrote it: no deck id.
    await db
      .update(jobs)
      .set({
        payload: { deck: deckId },
        lockedBy: 'dead-worker',
        lockedUntil: new Date(clock.now().getTime() - 1),
      })
      .where(eq(jobs.id, running!.id));
    t.app.jobs!.wake();
    expect(await settled(deckId)).toMatchObject({ status: 'failed', error: refusedJobMessage });
    const [refused] = await db.select().from(jobs).where(eq(jobs.id, running!.id));
    expect(refused).toMatchObject({ state: 'failed' });
    expect(refused!.lastError).toMatch(/^The generate-deck job's payload does not match: deckId: /);
    gate.release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await request('GET', `/api/decks/${deckId}`)).json()).toMatchObject({
      status: 'failed',
    });
    const retried = await request('POST', `/api/decks/${deckId}/generation/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(await settled(deckId)).toMatchObject({ status: 'completed' });
  });
});

const holdNextRender = () => steer.hold();

describe('the queue', () => {
  it('gives each job to one worker of many, all woken by the notification', async () => {
    const countJob = defineJob({ name: 'count', payload: z.object({}) });
    const runs = new Map<string, number>();
    const workers = await Promise.all(
      [1, 2, 3].map(() =>
        startJobWorker({
          database: { db: t.app.services.db, listen: t.app.services.listen },
          clock,
          log: t.app.log,
          concurrency: 2,
          pollMs: 60_000,
          jobs: [
            handleJob(countJob, () => ({
              async run(job, context) {
                runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
                await new Promise((resolve) => setTimeout(resolve, 5));
                await t.app.services.db.transaction((tx) => context.complete(tx));
              },
            })),
          ],
          deps: undefined,
        }),
      ),
    );
    try {
      const queued = [];
      for (let i = 0; i < 30; i += 1) {
        queued.push((await enqueueJob(t.app.services.db, clock, countJob, {}))!.id);
      }
      await until(async () => {
        const rows = await t.app.services.db.select().from(jobs).where(eq(jobs.kind, 'count'));
        return rows.every((row) => row.state === 'completed');
      });
      expect([...runs.keys()].sort()).toEqual([...queued].sort());
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });

  it('adds a job with a unique key once', async () => {
    const sweepJob = defineJob({ name: 'sweep', payload: z.object({}) });
    const first = await enqueueJob(
      t.app.services.db,
      clock,
      sweepJob,
      {},
      { uniqueKey: 'sweep:1' },
    );
    const second = await enqueueJob(
      t.app.services.db,
      clock,
      sweepJob,
      {},
      { uniqueKey: 'sweep:1' },
    );
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
  });
});

describe('mail and scheduled work go through the queue', () => {
  it('sends a queued mail by a job', async () => {
    const db = t.app.services.db;
    await db.transaction((tx) =>
      enqueueMail(tx, { to: 'dana@northwind.example', subject: 'Queued', text: 'Hello' }),
    );
    await until(async () => {
      const [mail] = await db.select().from(outboxMails).where(eq(outboxMails.subject, 'Queued'));
      return mail?.sentAt !== null;
    });
    // The mail is marked sent inside the job, which completes just after: wait for that too.
    await until(async () => {
      const delivered = await db.select().from(jobs).where(eq(jobs.kind, 'deliver-mail'));
      return delivered.at(-1)?.state === 'completed';
    });
    const delivered = await db.select().from(jobs).where(eq(jobs.kind, 'deliver-mail'));
    expect(delivered.at(-1)).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('makes one job per period however many processes offer it, and the sweep does its work', async () => {
    const db = t.app.services.db;
    // A week on: a new period for every schedule. An expired session, and a job long finished.
    clock.advance(8 * 24 * 60 * 60_000);
    const [owner] = await db.select({ id: users.id }).from(users).limit(1);
    await db.insert(sessions).values({
      tokenHash: 'expired-session',
      userId: owner!.id,
      expiresAt: new Date(clock.now().getTime() - 1),
    });
    // Two processes offer the period's jobs at the same moment.
    await Promise.all([
      offerScheduledJobs(db, clock, serverSchedule),
      offerScheduledJobs(db, clock, serverSchedule),
    ]);
    const period = Math.floor(clock.now().getTime() / (60 * 60_000));
    const offered = await db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `sweep-expired:${period}`));
    expect(offered).toHaveLength(1);
    t.app.jobs!.wake();
    await until(async () => {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, offered[0]!.id));
      return row?.state === 'completed';
    });
    expect(
      await db.select().from(sessions).where(eq(sessions.tokenHash, 'expired-session')),
    ).toEqual([]);
    // The jobs finished a week before are gone; this period's remain.
    const decksJobs = await db.select().from(jobs).where(eq(jobs.kind, 'generate-deck'));
    expect(decksJobs).toEqual([]);
    expect((await db.select().from(jobs).where(eq(jobs.id, offered[0]!.id))).length).toBe(1);
  });
});
