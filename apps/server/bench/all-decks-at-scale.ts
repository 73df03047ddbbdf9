// The managers' All decks list with a small and a large history: the first page, a client
// search and the page after a deep position, through the real server (HTTP on loopback). On
// PostgreSQL when DATABASE_URL is set (in a new database on that server, dropped after), else on
// the embedded database. Prints one JSON line: p50/p99 per query at each size, and the ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { createFakeDeckRenderer } from '../test/helpers/fake-deck-renderer.ts';
import { bulkDeckDraftJson } from '../test/helpers/bulk-decks.ts';
import { createThrowawayDatabase } from '../test/helpers/test-database.ts';

const SIZES = (process.env.BENCH_DECKS ?? '1000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
/** Rounds each query is timed in, interleaved; a round's p50 and p99 of the median round kept. */
const ROUNDS = 3;
/** Requests first sent and not timed: the index and table pages a busy list keeps in memory. */
const WARM_UP = 10;
const serverUrl = process.env.DATABASE_URL || undefined;
const throwaway = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined;
const url = throwaway?.url;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-list-'));
const database = await openDatabase(
  url ? { driver: 'postgres', url } : { driver: 'pglite', dataDir },
);
const app = await buildApp({
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir }),
  database,
  logger: false,
  deckRenderer: createFakeDeckRenderer(1),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const signUp = await fetch(`${base}/api/auth/sign-up`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({
    email: 'lead@bench.example',
    name: 'Bench Lead',
    password: 'a fine passphrase',
  }),
});
const { user } = (await signUp.json()) as { user: { id: string } };
const cookie = (signUp.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');

async function fillTo(size: number) {
  await database.db.execute(sql`delete from decks`);
  for (let from = 1; from <= size; from += 100_000) {
    const to = Math.min(size, from + 99_999);
    await database.db.execute(sql`
      insert into decks (owner_id, title, client_name, draft, slide_count, created_at)
      select ${user.id}, 'Deck ' || n, 'Client ' || md5(n::text), ${bulkDeckDraftJson}::jsonb, 1,
        timestamptz '2020-01-01 00:00:00+00' + n * interval '1 second'
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  // As autovacuum leaves a table that grew over years: statistics and the visibility map made.
  await database.db.execute(sql`vacuum analyze decks`);
}

type Stats = { p50: number; p99: number };

async function timeRound(query: string, requests: number): Promise<Stats> {
  const latencies: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const t = performance.now();
    const res = await fetch(`${base}/api/decks?scope=all&pageSize=20${query}`, {
      headers: { cookie },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`decks answered ${res.status}`);
    latencies.push(performance.now() - t);
  }
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: Math.round(at(0.5) * 10) / 10, p99: Math.round(at(0.99) * 10) / 10 };
}

/**
 * Each query warmed, then timed in rounds taken in turn with the others' (a moment of the shared
 * machine's noise then lands in one round of one query, not in one query's whole figure); the
 * round with the median p99 is kept.
 */
async function timeQueries(queries: Record<string, string>) {
  for (const query of Object.values(queries)) await timeRound(query, WARM_UP);
  const rounds: Record<string, Stats[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, query] of Object.entries(queries)) {
      (rounds[name] ??= []).push(await timeRound(query, Math.ceil(REQUESTS / ROUNDS)));
    }
  }
  return Object.fromEntries(
    Object.entries(rounds).map(([name, stats]) => [
      name,
      stats.sort((a, b) => a.p99 - b.p99)[Math.floor(stats.length / 2)]!,
    ]),
  );
}

const results: Record<string, Record<string, Stats>> = {};
for (const size of SIZES) {
  await fillTo(size);
  // A position in the middle of the history, as a manager deep in the list would hold.
  const middle = Buffer.from(
    `${new Date(Date.UTC(2020, 0, 1) + (size / 2) * 1000).toISOString()}|ffffffff-ffff-4fff-bfff-ffffffffffff`,
  ).toString('base64url');
  // One client's name, as a manager looks a client up: the deck half-way through the history's.
  const oneClient = createHash('md5')
    .update(String(size / 2))
    .digest('hex')
    .slice(0, 10);
  results[size] = await timeQueries({
    firstPage: '',
    clientSearch: `&client=${oneClient}`,
    // Four characters found in about 1 client name in 2,300: none at 1,000 decks, ~450 at 1M.
    broadSearch: '&client=4a7f',
    deepPage: `&after=${middle}`,
  });
}
const [small, large] = SIZES.map((size) => results[size]!);
const ratios =
  small && large
    ? Object.fromEntries(
        Object.keys(small).map((key) => [
          key,
          Math.round((large[key]!.p99 / small[key]!.p99) * 100) / 100,
        ]),
      )
    : {};
await app.close();
await throwaway?.drop();
await rm(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    database: url ? 'postgres' : 'pglite',
    requests: REQUESTS,
    results,
    p99Ratios: ratios,
  }),
);
