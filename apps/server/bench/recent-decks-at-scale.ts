// A rep's dashboard list, `GET /api/recent-decks`, against the portal in a process of its own,
// loaded by autocannon with 20 connections: at a small and a large history in the decks table,
// 200 of them the rep's, the rest another user's. On PostgreSQL when DATABASE_URL is set (in a
// new database on that server), else on the embedded database in a data directory.
// Prints one JSON line for bench/run.ts.
import autocannon from 'autocannon';
import { count, eq, sql } from 'drizzle-orm';
import { decks } from '../src/db/schema.ts';
import {
  createBenchDatabase,
  makeAccounts,
  openBenchDatabase,
  startBenchServer,
  stopBenchServer,
} from './bench-server.ts';
import { bulkDeckDraftJson } from '../test/helpers/bulk-decks.ts';

const url = process.env.DATABASE_URL || undefined;
const SIZES = (process.env.BENCH_RECENT_DECKS ?? (url ? '1000,1000000' : '1000'))
  .split(',')
  .map(Number);
const SECONDS = Number(process.env.BENCH_RECENT_SECONDS ?? 10);
const CONNECTIONS = 20;
const REP_DECKS = 200;

const bench = await createBenchDatabase(url);
const { where } = bench;
const [others, rep] = await makeAccounts(where, ['Everyone Else', 'Bench Rep']);

/** `size` decks, one second apart; the rep owns every (size / 200)th of them, spread over all. */
async function fillTo(size: number) {
  const database = await openBenchDatabase(where);
  const { db } = database;
  await db.execute(sql`delete from decks`);
  const every = Math.max(1, Math.floor(size / REP_DECKS));
  for (let from = 1; from <= size; from += 100_000) {
    const to = Math.min(size, from + 99_999);
    await db.execute(sql`
      insert into decks (owner_id, title, client_name, draft, slide_count, status, created_at)
      select case when n % ${every} = 0 and n / ${every} <= ${REP_DECKS}
               then ${rep!.id}::uuid else ${others!.id}::uuid end,
        'Deck ' || n, 'Client ' || md5(n::text), ${bulkDeckDraftJson}::jsonb, 1, 'completed',
        timestamptz '2020-01-01 00:00:00+00' + n * interval '1 second'
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  // As autovacuum leaves a table that grew over years: statistics and the visibility map made.
  await db.execute(sql`vacuum analyze decks`);
  const [mine] = await db.select({ value: count() }).from(decks).where(eq(decks.ownerId, rep!.id));
  await database.close();
  if (mine?.value !== Math.min(REP_DECKS, size)) {
    throw new Error(`the rep owns ${mine?.value} decks`);
  }
}

async function load(size: number) {
  await fillTo(size);
  const server = await startBenchServer(where);
  try {
    const target = {
      url: `${server.baseUrl}/api/recent-decks?page=1&pageSize=10`,
      connections: CONNECTIONS,
      headers: { cookie: rep!.cookie },
    };
    await autocannon({ ...target, duration: 2 }); // warm up: JIT, plans, the pool
    const result = await autocannon({ ...target, duration: SECONDS });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${result.non2xx} answers were not 2xx, ${result.errors} errors`);
    }
    return {
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
    };
  } finally {
    await stopBenchServer(server);
  }
}

const results: Record<number, { requestsPerSecond: number; p50: number; p99: number }> = {};
for (const size of SIZES) results[size] = await load(size);

await bench.remove();
const [small, large] = SIZES.map((size) => results[size]!);
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
console.log(
  JSON.stringify({
    database: url ? 'postgres' : 'pglite',
    seconds: SECONDS,
    connections: CONNECTIONS,
    sizes: SIZES,
    results,
    ...(small && large
      ? {
          throughputRatio: ratio(large.requestsPerSecond, small.requestsPerSecond),
          p99Ratio: ratio(large.p99, small.p99),
        }
      : {}),
  }),
);
