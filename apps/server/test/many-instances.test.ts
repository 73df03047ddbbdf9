import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3ObjectStore } from '../src/storage/s3-object-store.ts';
import { startS3Server } from './helpers/s3-server.ts';
import {
  freePort,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from './helpers/server-process.ts';
import { createThrowawayDatabase } from './helpers/test-database.ts';

// The portal as it runs when one machine is not enough: two web processes and job workers on
// one PostgreSQL and one S3 bucket, nothing shared but those. Needs PostgreSQL
// (TEST_DATABASE_URL, as CI sets it): the embedded database belongs to one process.
const serverUrl = process.env.TEST_DATABASE_URL;
const publicUrl = 'http://portal.test';

describe.skipIf(!serverUrl)('two web processes and job workers on one database', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let sql: pg.Client;
  let env: Record<string, string>;
  const started: ServerProcess[] = [];
  let webA: ServerProcess;
  let webB: ServerProcess;
  let cookie = '';
  let ownerId = '';

  const start = async (script: 'src/main.ts' | 'src/worker.ts', extra: Record<string, string>) => {
    const port = String(await freePort());
    const process = startServerProcess({ ...env, PORT: port, ...extra }, script);
    started.push(process);
    return process;
  };
  const startWorker = async () => {
    const worker = await start('src/worker.ts', {});
    // Ready once it listens for jobs (it has no HTTP port of its own).
    await until(async () => worker.output().includes('job worker started'), 30_000);
    return worker;
  };
  const call = (
    server: ServerProcess,
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: publicUrl,
        cookie,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const jobRow = async (deckId: string) =>
    (
      await sql.query<{ state: string; attempts: number; locked_by: string | null }>(
        'select state, attempts, locked_by from jobs where subject_id = $1',
        [deckId],
      )
    ).rows[0];
  const draft = (title: string) => ({
    basicInfo: { deckTitle: title, clientName: 'Northwind Pharmacies', date: '2026-11-23' },
    productSelection: { selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }] },
    templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
  });

  beforeAll(async () => {
    s3 = await startS3Server();
    database = await createThrowawayDatabase(serverUrl!);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      STORAGE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      // Web processes only: the workers run the jobs.
      JOB_WORKERS: '0',
      JOB_LEASE_MS: '1500',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    };
    // A migrates the database; B starts on it once it is.
    webA = await start('src/main.ts', {});
    await waitUntilReady(webA);
    webB = await start('src/main.ts', {});
    await waitUntilReady(webB);
    // The first account is the administrator: approved, and may generate.
    const account = {
      email: 'owner@northwind.example',
      password: 'Glacier-Plum-83!x',
      name: 'Olive Owner',
    };
    const signedUp = await call(webA, '/api/auth/sign-up', { method: 'POST', body: account });
    expect(signedUp.status, await signedUp.clone().text()).toBe(201);
    ownerId = ((await signedUp.json()) as { user: { id: string } }).user.id;
    const signedIn = await call(webA, '/api/auth/sign-in', {
      method: 'POST',
      body: { email: account.email, password: account.password },
    });
    expect(signedIn.status).toBe(200);
    cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  }, 90_000);

  afterAll(async () => {
    for (const process of started) process.child.kill('SIGKILL');
    await Promise.all(started.map((process) => process.exited));
    await sql?.end();
    await database?.drop();
    await s3?.close();
  });

  it('generates on A with the worker, serves the files from B, and takes a link made on B through A', async () => {
    await startWorker();
    const queued = await call(webA, '/api/generate-slides', {
      method: 'POST',
      body: draft('Shared work'),
    });
    expect(queued.status).toBe(202);
    const deckId = ((await queued.json()) as { presentationId: string }).presentationId;
    // Followed from the other web process: the worker's progress reaches it through the database.
    await until(async () => {
      const state = (await (await call(webB, `/api/decks/${deckId}/generation`)).json()) as {
        status: string;
      };
      return state.status === 'completed';
    });
    const pdf = await call(webB, `/api/decks/${deckId}/download`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const pptx = await call(webB, `/api/decks/${deckId}/pptx`);
    expect(pptx.status).toBe(200);
    expect(
      Buffer.from(await pptx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    const made = await call(webB, `/api/decks/${deckId}/client-links`, {
      method: 'POST',
      body: {
        recipientName: 'Jane Client',
        recipientEmail: 'jane@client.example',
        sendEmail: false,
      },
    });
    expect(made.status).toBe(201);
    const link = (await made.json()) as { url: string; link: { id: string } };
    const token = /\/v\/([A-Za-z0-9_-]+)$/.exec(link.url)![1]!;
    const anonymous = { cookie: '' };
    const visit = await call(webA, `/api/client-view/${token}/visits`, {
      method: 'POST',
      headers: anonymous,
    });
    expect(visit.status).toBe(201);
    const { visitId } = (await visit.json()) as { visitId: string };
    const events = (server: ServerProcess, sequence: number, slide: number, ms: number) =>
      call(server, `/api/client-view/${token}/visits/${visitId}/events`, {
        method: 'POST',
        headers: anonymous,
        body: { sequence, events: [{ slide, ms, view: sequence - 1 }] },
      });
    expect((await events(webA, 1, 1, 4000)).status).toBe(204);
    expect((await events(webB, 2, 2, 3000)).status).toBe(204);
    const analytics = (await (
      await call(webB, `/api/decks/${deckId}/client-links/${link.link.id}/analytics`)
    ).json()) as { slides: { slide: number; totalMs: number }[] };
    expect(analytics.slides.slice(0, 2).map((slide) => slide.totalMs)).toEqual([4000, 3000]);

    // Its next version, asked of B and drawn by the worker's render process: its files staged in
    // the bucket as they are drawn, moved under v2 as it is numbered, served by A.
    const next = await call(webB, `/api/decks/${deckId}/versions`, {
      method: 'POST',
      body: draft('Shared work, again'),
    });
    expect(next.status, await next.clone().text()).toBe(202);
    await until(async () => {
      const state = (await (await call(webA, `/api/decks/${deckId}/generation`)).json()) as {
        status: string;
        version?: number;
      };
      return state.status === 'completed' && state.version === 2;
    });
    const v2 = await call(webA, `/api/decks/${deckId}/download?version=2`);
    expect(v2.status).toBe(200);
    const v2Bytes = Buffer.from(await v2.arrayBuffer());
    expect(v2Bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const bucket = createS3ObjectStore({ bucket: s3.bucket, prefix: '', client: s3.clientConfig });
    try {
      const keys = (await bucket.list(`decks/${deckId}/`)).map((object) => object.key);
      expect(keys).toContain(`decks/${deckId}/v2/deck.pptx`);
      expect(keys.filter((key) => key.includes('/staging/'))).toEqual([]);
      const rows = await sql.query('select name from deck_files where deck_id = $1', [deckId]);
      expect(keys.sort()).toEqual(
        rows.rows.map((row: { name: string }) => `decks/${deckId}/${row.name}`).sort(),
      );
    } finally {
      await bucket.close();
    }
  }, 90_000);

  it('finishes, once, on a second worker the job of a worker killed in the middle of it', async () => {
    const first = started.find((process) => process.output().includes('job worker started'))!;
    // Work left from the test before (the visit's alerts to the deck's owner) writes rows that
    // name the owner, whose row this test holds: it is done first, so the worker is free.
    await until(async () => {
      const due = await sql.query(
        `select 1 from jobs where state in ('queued', 'running') and run_at <= now()`,
      );
      return due.rowCount === 0;
    });
    // The first worker is paused, so the job is queued for it to take when it resumes.
    first.child.kill('SIGSTOP');
    const queued = await call(webA, '/api/generate-slides', {
      method: 'POST',
      body: draft('Interrupted work'),
    });
    const deckId = ((await queued.json()) as { presentationId: string }).presentationId;
    // Storing the new version needs the owner's row, which this test holds: the worker renders,
    // writes the files and then waits in the middle of its transaction.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from users where id = $1 for update', [ownerId]);
    first.child.kill('SIGCONT');
    await until(async () => {
      const waiting = await sql.query(
        `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%insert into "deck_versions"%'`,
      );
      return waiting.rowCount === 1;
    });
    expect(await jobRow(deckId)).toMatchObject({ state: 'running', attempts: 1 });
    first.child.kill('SIGKILL');
    await first.exited;
    await holder.query('rollback');
    await holder.end();

    await startWorker();
    await until(async () => (await jobRow(deckId))?.state === 'completed');
    expect(await jobRow(deckId)).toMatchObject({ state: 'completed', attempts: 2 });
    const versions = await sql.query('select number from deck_versions where deck_id = $1', [
      deckId,
    ]);
    expect(versions.rows).toEqual([{ number: 1 }]);
    expect((await call(webB, `/api/decks/${deckId}/download`)).status).toBe(200);
  }, 90_000);

  it('lets a request in flight on A finish when A is told to stop', async () => {
    // A waits for the worker to make the deck (Prefer: wait) while it is told to stop.
    const inFlight = call(webA, '/api/generate-slides', {
      method: 'POST',
      body: draft('Last words'),
      headers: { prefer: 'wait=30' },
    });
    await until(async () => {
      const count = await sql.query(`select 1 from decks where title = 'Last words'`);
      return count.rowCount === 1;
    });
    webA.child.kill('SIGTERM');
    const answered = await inFlight;
    expect(answered.status).toBe(201);
    expect(((await answered.json()) as { status: string }).status).toBe('completed');
    expect(await webA.exited).toEqual({ code: 0, signal: null });
    // B goes on serving.
    expect((await call(webB, '/api/recent-decks')).status).toBe(200);
  }, 90_000);
});

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never held');
}
