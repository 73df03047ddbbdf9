// The managers' All decks list with a small and a large history, on two shapes of client names:
// random hexadecimal ones ("Client 3f2a…", whose trigrams are rare) and names that share words
// as real ones do ("Client 1" … "Client 1000000", some with " Ltd", " Cold Storage", " GmbH").
// For each: the first page, a client search, a search for a common word and the page after a
// position half-way, through the real server in a process of its own (HTTP on loopback), first
// one request at a time, then from 4 autocannon connections at once. On PostgreSQL when
// DATABASE_URL is set (a new database on that server for each size, dropped after), else on the
// embedded database (a data directory for each size). Prints one JSON line for
// bench/all-decks-section.ts.
//
// Both sizes' servers run at once and are measured in turn, round after round (the order
// reversed each round): the throughput ratio is that of the two sizes in the same round, a few
// seconds apart, so the shared machine's load, which changes from minute to minute, weighs on
// both alike. Measured one size after the other (the large one after its fill, minutes later),
// the ratio followed the load: 0.64–1.43 for the same rows from run to run, while the server did
// the same work a request at both sizes (its CPU time a request is given with the figures).
//
// One size or shape: BENCH_DECKS=100000 BENCH_LIST_SHAPES=hex, say (the embedded run of both
// sizes and shapes took 8 minutes on the shared 2-core machine at a load of 12–17). To iterate
// on a large history without filling it each run, BENCH_LIST_KEEP_URL names an existing
// PostgreSQL database that is used as it is and kept for the largest size (the smaller ones get
// new databases on the same server): filled only when its decks are not those wanted (the size
// and shape of the newest deck's name tell). With `{shape}` in it (…/decks_{shape}), each shape
// keeps a database of its own, so that a run of both shapes fills neither again: a million decks
// took most of an hour to fill on the shared 2-core machine.
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/db/database.ts';
import { rawRows } from '../src/db/raw-rows.ts';
import { bulkDeckDraftJson } from '../test/helpers/bulk-decks.ts';
import type { ServerProcess } from '../test/helpers/server-process.ts';
import {
  createBenchDatabase,
  makeAccounts,
  openBenchDatabase,
  startBenchServer,
  stopBenchServer,
  type BenchAccount,
  type BenchDatabase,
} from './bench-server.ts';

const SIZES = (process.env.BENCH_DECKS ?? '1000,1000000').split(',').map(Number);
const SHAPES = (process.env.BENCH_LIST_SHAPES ?? 'hex,words').split(',') as Shape[];
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200);
/** Seconds a query is loaded for in each of `LOAD_ROUNDS` rounds, on each size's server. */
const SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 2);
const LOAD_ROUNDS = 5;
const CONNECTIONS = 4;
/** Rounds each query is timed in, interleaved; a round's p50 and p99 of the median round kept. */
const ROUNDS = 3;
/** Requests first sent and not timed: the index and table pages a busy list keeps in memory. */
const WARM_UP = 10;
const keptUrl = process.env.BENCH_LIST_KEEP_URL || undefined;
/** A kept database for each shape: the places are made again for each shape. */
const keptPerShape = keptUrl?.includes('{shape}') ?? false;

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

/** Where one size's decks are, with the accounts made there (the rep's decks are given there). */
type Place = {
  size: number;
  where: BenchDatabase;
  lead: BenchAccount;
  rep: BenchAccount;
  remove: () => Promise<void>;
};

/**
 * A database for each size: new ones (on PostgreSQL at DATABASE_URL, else embedded), except the
 * largest size's with BENCH_LIST_KEEP_URL, which is used as it is.
 */
async function placeFor(size: number, shape: Shape): Promise<Place> {
  const isKept = keptUrl !== undefined && size === Math.max(...SIZES);
  // The smaller sizes' new databases are made from the kept one's server (its maintenance
  // database when the kept one's name depends on the shape).
  const serverUrl =
    process.env.DATABASE_URL ||
    (keptPerShape && keptUrl
      ? Object.assign(new URL(keptUrl), { pathname: '/postgres' }).href
      : keptUrl);
  const bench = await createBenchDatabase(isKept ? undefined : serverUrl);
  const where: BenchDatabase = isKept
    ? { ...bench.where, url: keptUrl.replaceAll('{shape}', shape) }
    : bench.where;
  const [lead, rep] = await makeAccounts(where, ['Bench Lead', 'Bench Rep']);
  return { size, where, lead: lead!, rep: rep!, remove: bench.remove };
}

/** The rep's decks, spread over the whole history: their dashboard list is timed too. */
const REP_DECKS = 200;

/** `size` decks one second apart in the given shape, unless they are there already. */
async function fillTo({ size, where, lead, rep }: Place, shape: Shape) {
  const database = await openBenchDatabase(where);
  const { db } = database;
  try {
    const [newest] = await rawRows<Row>(
      db,
      sql`select client_name, (select count(*) from decks)::int as count
        from decks order by created_at desc limit 1`,
    );
    if (newest?.count !== size || newest.client_name !== clientName(shape, size)) {
      await fill(db, lead.id, size, shape);
    }
    // Every (size / 200)th deck is the rep's (a new account each run, so given here).
    const every = Math.max(1, Math.floor(size / REP_DECKS));
    await db.execute(sql`
      update decks set owner_id = ${rep.id}
      where title = any(array(
        select 'Deck ' || (i * ${every}) from generate_series(1, ${REP_DECKS}) as i))`);
    // As autovacuum leaves a table that grew over years: statistics and the visibility map made.
    await db.execute(sql`vacuum analyze decks`);
  } finally {
    await database.close();
  }
}

async function fill(db: Database['db'], leadId: string, size: number, shape: Shape) {
  await db.execute(sql`delete from decks`);
  // The indexes that are no constraint are dropped and made again once the rows are in: a
  // million hexadecimal decks filled in about 5 minutes at load 13–17, where filling with every
  // index kept up row by row (the trigram index's most of all) took most of an hour.
  const indexes = await rawRows<IndexRow>(
    db,
    sql`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'decks'
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes)
    await db.execute(sql`drop index ${sql.identifier(indexname)}`);
  for (let from = 1; from <= size; from += 100_000) {
    const to = Math.min(size, from + 99_999);
    await db.execute(sql`
      insert into decks (owner_id, title, client_name, draft, slide_count, created_at)
      select ${leadId}, 'Deck ' || n, ${clientNameSql[shape]}, ${bulkDeckDraftJson}::jsonb, 1,
        timestamptz '2020-01-01 00:00:00+00' + n * interval '1 second'
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
}
type IndexRow = { indexname: string; indexdef: string };

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
        // The same lookup made to find the same 11 names at every size (a number and the ten it
        // begins: "Client 98" at 1,000 decks, "Client 9876" at 100,000, "Client 98765" at a
        // million), so that the two sizes' throughputs compare the same answer.
        sameAnswerSearch: search(`Client ${'987654321'.slice(0, String(size).length - 2)}`),
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

/** A size's server, running while the other sizes' are measured, and what it is asked. */
type Running = Place & { server: ServerProcess; queries: Record<string, string> };

/** The servers in the order a round measures them: reversed every other round. */
const inTurn = (running: Running[], round: number) =>
  round % 2 === 0 ? running : [...running].reverse();

/** The middle value (the upper one of an even count). */
function median(values: number[]) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * Each query warmed on each server, then timed in rounds taken in turn with the other queries'
 * and the other sizes' (a moment of the shared machine's noise then lands in one round of one
 * query and size, not in one query's whole figure); the round with the median p99 is kept.
 */
async function timeQueries(running: Running[]) {
  for (const { server, lead, queries } of running) {
    for (const query of Object.values(queries)) {
      await timeRound(server.baseUrl, lead.cookie, query, WARM_UP);
    }
  }
  const rounds = new Map<Running, Record<string, Stats[]>>(running.map((r) => [r, {}]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of Object.keys(running[0]!.queries)) {
      for (const place of inTurn(running, round)) {
        const stats = await timeRound(
          place.server.baseUrl,
          place.lead.cookie,
          place.queries[name]!,
          Math.ceil(REQUESTS / ROUNDS),
        );
        (rounds.get(place)![name] ??= []).push(stats);
      }
    }
  }
  return Object.fromEntries(
    running.map((place) => [
      place.size,
      Object.fromEntries(
        Object.entries(rounds.get(place)!).map(([name, stats]) => [
          name,
          [...stats].sort((a, b) => a.p99 - b.p99)[Math.floor(stats.length / 2)]!,
        ]),
      ),
    ]),
  );
}

/** The CPU time the process has used, in milliseconds (Linux; undefined elsewhere). */
function cpuTimeMs(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Past the command's name (in brackets), utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
/** The kernel's clock ticks a second, as /proc counts CPU time (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

type LoadRound = LoadStats & {
  cpuMsPerRequest: number | undefined;
  databaseCpuMsPerRequest: number | undefined;
};

/**
 * The CPU time of each PostgreSQL backend serving the database `watcher` is connected to (but
 * its own), by process id: the server's pool. Read from /proc, so only for a PostgreSQL on this
 * machine (elsewhere the map is empty).
 */
async function backendsCpu(watcher: pg.Client): Promise<Map<number, number>> {
  const { rows } = await watcher.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(
    rows.flatMap(({ pid }) => {
      const ms = cpuTimeMs(pid);
      return ms === undefined ? [] : [[pid, ms] as const];
    }),
  );
}

/** The backends' CPU time between two readings (a backend started between them counts whole). */
function cpuBetween(before: Map<number, number>, after: Map<number, number>) {
  if (after.size === 0) return undefined;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Each query from `CONNECTIONS` connections at once for `SECONDS`, `LOAD_ROUNDS` times, each
 * round measuring the sizes in turn (after a second unmeasured in the first round). Kept: the
 * median round's throughput and the round with the median p99; the server process's CPU time a
 * request (its database's too when embedded) and, on PostgreSQL, its database backends', whose
 * medians are much less moved by the machine's other load; and each round's throughput of the
 * large size over the small one's, whose median is the ratio.
 */
async function loadQueries(running: Running[]) {
  const watchers = new Map<Running, pg.Client>();
  for (const place of running) {
    if (!place.where.url) continue;
    const watcher = new pg.Client({ connectionString: place.where.url });
    await watcher.connect();
    watchers.set(place, watcher);
  }
  try {
    return await loadQueriesWatched(running, watchers);
  } finally {
    for (const watcher of watchers.values()) await watcher.end();
  }
}

async function loadQueriesWatched(running: Running[], watchers: Map<Running, pg.Client>) {
  const targets = (place: Running): Record<string, { url: string; cookie: string }> => ({
    ...Object.fromEntries(
      Object.entries(place.queries).map(([name, query]) => [
        name,
        {
          url: `${place.server.baseUrl}/api/decks?scope=all&pageSize=20${query}`,
          cookie: place.lead.cookie,
        },
      ]),
    ),
    // The rep's own dashboard list, `GET /api/recent-decks` (their 200 decks among all).
    repRecent: {
      url: `${place.server.baseUrl}/api/recent-decks?page=1&pageSize=10`,
      cookie: place.rep.cookie,
    },
  });
  const rounds = new Map<Running, Record<string, LoadRound[]>>(running.map((r) => [r, {}]));
  for (let round = 0; round < LOAD_ROUNDS; round += 1) {
    for (const name of Object.keys(targets(running[0]!))) {
      for (const place of inTurn(running, round)) {
        const { url, cookie } = targets(place)[name]!;
        const target = { url, connections: CONNECTIONS, headers: { cookie } };
        if (round === 0) await autocannon({ ...target, duration: 1 });
        const watcher = watchers.get(place);
        const databaseBefore = watcher ? await backendsCpu(watcher) : undefined;
        const cpuBefore = cpuTimeMs(place.server.child.pid);
        const result = await autocannon({ ...target, duration: SECONDS });
        const cpuAfter = cpuTimeMs(place.server.child.pid);
        const databaseCpu =
          watcher && databaseBefore
            ? cpuBetween(databaseBefore, await backendsCpu(watcher))
            : undefined;
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(
            `${name}: ${result.non2xx} answers were not 2xx, ${result.errors} errors`,
          );
        }
        (rounds.get(place)![name] ??= []).push({
          requestsPerSecond: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          cpuMsPerRequest:
            cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
              ? undefined
              : (cpuAfter - cpuBefore) / result.requests.total,
          databaseCpuMsPerRequest:
            databaseCpu === undefined || result.requests.total === 0
              ? undefined
              : databaseCpu / result.requests.total,
        });
      }
    }
  }
  const figures = Object.fromEntries(
    running.map((place) => [
      place.size,
      Object.fromEntries(
        Object.entries(rounds.get(place)!).map(([name, stats]) => {
          const { p50, p99 } = [...stats].sort((a, b) => a.p99 - b.p99)[
            Math.floor(stats.length / 2)
          ]!;
          const cpu = stats.flatMap((s) =>
            s.cpuMsPerRequest === undefined ? [] : [s.cpuMsPerRequest],
          );
          const databaseCpu = stats.flatMap((s) =>
            s.databaseCpuMsPerRequest === undefined ? [] : [s.databaseCpuMsPerRequest],
          );
          return [
            name,
            {
              requestsPerSecond: median(stats.map((s) => s.requestsPerSecond)),
              p50,
              p99,
              ...(cpu.length > 0 ? { cpuMsPerRequest: Math.round(median(cpu) * 100) / 100 } : {}),
              ...(databaseCpu.length > 0
                ? { databaseCpuMsPerRequest: Math.round(median(databaseCpu) * 100) / 100 }
                : {}),
              roundsPerSecond: stats.map((s) => s.requestsPerSecond),
            },
          ];
        }),
      ),
    ]),
  );
  const [small, large] = running;
  const throughputRatios =
    small && large
      ? Object.fromEntries(
          Object.keys(rounds.get(small)!).map((name) => {
            const smallRounds = rounds.get(small)![name]!;
            const largeRounds = rounds.get(large)![name]!;
            // Each round's pair, measured seconds apart.
            const pairs = largeRounds.map(
              (s, i) => s.requestsPerSecond / smallRounds[i]!.requestsPerSecond,
            );
            return [name, Math.round(median(pairs) * 100) / 100];
          }),
        )
      : undefined;
  return { figures, throughputRatios };
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
let places: Place[] = [];
const shapes: Record<string, unknown> = {};
try {
  for (const shape of SHAPES) {
    if (places.length === 0 || keptPerShape) {
      for (const place of places) await place.remove();
      places = [];
      for (const size of SIZES) places.push(await placeFor(size, shape));
    }
    const running: Running[] = [];
    try {
      // Every size filled first, then the servers started together.
      for (const place of places) await fillTo(place, shape);
      for (const place of places) {
        running.push({
          ...place,
          server: await startBenchServer(place.where),
          queries: queriesFor(place.size, shape),
        });
      }
      const sequential = await timeQueries(running);
      const { figures: concurrent, throughputRatios } = await loadQueries(running);
      const [small, large] = SIZES;
      shapes[shape] = {
        sequential,
        concurrent,
        ...(small && large && throughputRatios
          ? {
              p99Ratios: Object.fromEntries(
                Object.keys(sequential[small] ?? {}).map((k) => [
                  k,
                  ratio(sequential[large]![k]!.p99, sequential[small]![k]!.p99),
                ]),
              ),
              throughputRatios,
            }
          : {}),
      };
    } finally {
      for (const { server } of running) await stopBenchServer(server);
    }
  }
} finally {
  for (const place of places) await place.remove();
}
console.log(
  JSON.stringify({
    database: process.env.DATABASE_URL || keptUrl ? 'postgres' : 'pglite',
    requests: REQUESTS,
    seconds: SECONDS,
    rounds: LOAD_ROUNDS,
    connections: CONNECTIONS,
    sizes: SIZES,
    shapes,
  }),
);
