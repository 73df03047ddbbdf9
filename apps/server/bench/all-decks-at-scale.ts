// The managers' All decks list with a small and a large history, on two shapes of client names:
// random hexadecimal ones ("Client 3f2a…", whose trigrams are rare) and names that share words
// as real ones do ("Client 1" … "Client 1000000", some with " Ltd", " Cold Storage", " GmbH").
// For each: the first page, a client search, a search for a common word and the page after a
// position half-way, through the real server in a process of its own (HTTP on loopback), first
// one request at a time, then from 4 autocannon connections at once. On PostgreSQL when
// DATABASE_URL is set (in a new database on that server, dropped after), else on the embedded
// database. Prints one JSON line for bench/all-decks-section.ts.
//
// To iterate on a large history without filling it each run, BENCH_LIST_KEEP_URL names an
// existing PostgreSQL database that is used as it is and kept: filled only when its decks are
// not those wanted (the size and shape of the newest deck's name tell).
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database.ts';
import { bulkDeckDraftJson } from '../test/helpers/bulk-decks.ts';
import {
  createBenchDatabase,
  makeAccounts,
  openBenchDatabase,
  startBenchServer,
  stopBenchServer,
  type BenchDatabase,
} from './bench-server.ts';

const SIZES = (process.env.BENCH_DECKS ?? '1000,1000000').split(',').map(Number);
const SHAPES = (process.env.BENCH_LIST_SHAPES ?? 'hex,words').split(',') as Shape[];
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 5);
const CONNECTIONS = 4;
/** Rounds each query is timed in, interleaved; a round's p50 and p99 of the median round kept. */
const ROUNDS = 3;
/** Requests first sent and not timed: the index and table pages a busy list keeps in memory. */
const WARM_UP = 10;
const keptUrl = process.env.BENCH_LIST_KEEP_URL || undefined;

type Shape = 'hex' | 'words';
type Row = { client_name: string; count: number };
type Stats = { p50: number; p99: number };
type LoadStats = Stats & { requestsPerSecond: number };

/** A deck's client name in each shape, as SQL over `n`, the deck's number (1 is the oldest). */
const clientNameSql = {
  hex: sql`'Client ' || md5(n::text)`,
  words: sql`'Client ' || n || case n % 5
    when 0 then ' Ltd' when 1 then ' Cold Storage' when 2 then ' GmbH' else '' end`,
};
function clientName(shape: Shape, n: number) {
  if (shape === 'hex') return `Client ${createHash('md5').update(String(n)).digest('hex')}`;
  return `Client ${n}${[' Ltd', ' Cold Storage', ' GmbH', '', ''][n % 5]}`;
}

const bench = await createBenchDatabase(
  keptUrl ? undefined : process.env.DATABASE_URL || undefined,
);
const where: BenchDatabase = keptUrl ? { ...bench.where, url: keptUrl } : bench.where;
const [lead, rep] = await makeAccounts(where, ['Bench Lead', 'Bench Rep']);
/** The rep's decks, spread over the whole history: their dashboard list is timed too. */
const REP_DECKS = 200;

/** `size` decks one second apart in the given shape, unless they are there already. */
async function fillTo(size: number, shape: Shape) {
  const database = await openBenchDatabase(where);
  const { db } = database;
  try {
    const found = (await db.execute(sql`
      select client_name, (select count(*) from decks)::int as count
      from decks order by created_at desc limit 1`)) as unknown as { rows: Row[] } | Row[];
    const [newest] = Array.isArray(found) ? found : found.rows;
    if (newest?.count !== size || newest.client_name !== clientName(shape, size)) {
      await fill(db, size, shape);
    }
    // Every (size / 200)th deck is the rep's (a new account each run, so given here).
    const every = Math.max(1, Math.floor(size / REP_DECKS));
    await db.execute(sql`
      update decks set owner_id = ${rep!.id}
      where title = any(array(
        select 'Deck ' || (i * ${every}) from generate_series(1, ${REP_DECKS}) as i))`);
    // As autovacuum leaves a table that grew over years: statistics and the visibility map made.
    await db.execute(sql`vacuum analyze decks`);
  } finally {
    await database.close();
  }
}

async function fill(db: Database['db'], size: number, shape: Shape) {
  await db.execute(sql`delete from decks`);
  for (let from = 1; from <= size; from += 100_000) {
    const to = Math.min(size, from + 99_999);
    await db.execute(sql`
      insert into decks (owner_id, title, client_name, draft, slide_count, created_at)
      select ${lead!.id}, 'Deck ' || n, ${clientNameSql[shape]}, ${bulkDeckDraftJson}::jsonb, 1,
        timestamptz '2020-01-01 00:00:00+00' + n * interval '1 second'
      from generate_series(${from}::int, ${to}::int) as n`);
  }
}

/** The list's queries for a history of `size` decks in `shape`, as query strings. */
function queriesFor(size: number, shape: Shape): Record<string, string> {
  // A position in the middle of the history, as a manager deep in the list would hold.
  const middle = Buffer.from(
    `${new Date(Date.UTC(2020, 0, 1) + (size / 2) * 1000).toISOString()}|ffffffff-ffff-4fff-bfff-ffffffffffff`,
  ).toString('base64url');
  const search = (text: string) => `&client=${encodeURIComponent(text)}`;
  return shape === 'hex'
    ? {
        firstPage: '',
        // One client, by ten characters of the name of the deck half-way through the history.
        clientSearch: search(clientName('hex', size / 2).slice(7, 17)),
        // Four characters found in about 1 client name in 2,300: none at 1,000 decks, ~450 at 1M.
        broadSearch: search('4a7f'),
        deepPage: `&after=${middle}`,
      }
    : {
        firstPage: '',
        // As the manager looked a client up: 111 names at 1,000,000 decks, none at 1,000.
        clientSearch: search('Client 9876'),
        // A word in one name in five: the first page is found at once, the count stops at 1,000.
        broadSearch: search('Cold Storage'),
        deepPage: `&after=${middle}`,
      };
}

async function timeRound(base: string, cookie: string, query: string, requests: number) {
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
async function timeQueries(base: string, cookie: string, queries: Record<string, string>) {
  for (const query of Object.values(queries)) await timeRound(base, cookie, query, WARM_UP);
  const rounds: Record<string, Stats[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, query] of Object.entries(queries)) {
      (rounds[name] ??= []).push(
        await timeRound(base, cookie, query, Math.ceil(REQUESTS / ROUNDS)),
      );
    }
  }
  return Object.fromEntries(
    Object.entries(rounds).map(([name, stats]) => [
      name,
      stats.sort((a, b) => a.p99 - b.p99)[Math.floor(stats.length / 2)]!,
    ]),
  );
}

/** Each query from `CONNECTIONS` connections at once for `SECONDS`, after a second unmeasured. */
async function loadQueries(base: string, queries: Record<string, string>) {
  const loaded: Record<string, LoadStats> = {};
  const targets = {
    ...Object.fromEntries(
      Object.entries(queries).map(([name, query]) => [
        name,
        { url: `${base}/api/decks?scope=all&pageSize=20${query}`, cookie: lead!.cookie },
      ]),
    ),
    // The rep's own dashboard list, `GET /api/recent-decks` (their 200 decks among all).
    repRecent: { url: `${base}/api/recent-decks?page=1&pageSize=10`, cookie: rep!.cookie },
  };
  for (const [name, { url, cookie }] of Object.entries(targets)) {
    const target = { url, connections: CONNECTIONS, headers: { cookie } };
    await autocannon({ ...target, duration: 1 });
    const result = await autocannon({ ...target, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${name}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`);
    }
    loaded[name] = {
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  }
  return loaded;
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const shapes: Record<string, unknown> = {};
for (const shape of SHAPES) {
  const sequential: Record<number, Record<string, Stats>> = {};
  const concurrent: Record<number, Record<string, LoadStats>> = {};
  for (const size of SIZES) {
    await fillTo(size, shape);
    const server = await startBenchServer(where);
    try {
      const queries = queriesFor(size, shape);
      sequential[size] = await timeQueries(server.baseUrl, lead!.cookie, queries);
      concurrent[size] = await loadQueries(server.baseUrl, queries);
    } finally {
      await stopBenchServer(server);
    }
  }
  const [small, large] = SIZES;
  const keys = Object.keys(sequential[small!] ?? {});
  const loadedKeys = Object.keys(concurrent[small!] ?? {});
  shapes[shape] = {
    sequential,
    concurrent,
    ...(small && large
      ? {
          p99Ratios: Object.fromEntries(
            keys.map((k) => [k, ratio(sequential[large]![k]!.p99, sequential[small]![k]!.p99)]),
          ),
          throughputRatios: Object.fromEntries(
            loadedKeys.map((k) => [
              k,
              ratio(
                concurrent[large]![k]!.requestsPerSecond,
                concurrent[small]![k]!.requestsPerSecond,
              ),
            ]),
          ),
        }
      : {}),
  };
}
await bench.remove();
console.log(
  JSON.stringify({
    database: where.url ? 'postgres' : 'pglite',
    requests: REQUESTS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    sizes: SIZES,
    shapes,
  }),
);
