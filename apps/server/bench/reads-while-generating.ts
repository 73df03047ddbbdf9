// A rep's deck list, `GET /api/recent-decks`, from 10 connections (autocannon) at rest and while
// four decks are generated at once through the API and the job queue, against the portal in a
// process of its own (its in-process job worker and render pool, the local file store): at a
// steady offered load (`BENCH_READ_RATE` requests a second, 300 by default: a busy portal's
// dashboards), where latency is the service's own, and flat out, where it is mostly the queue
// in front of a saturated server and the throughput is the figure. On
// PostgreSQL when DATABASE_URL is set (in a new database on that server), else on the embedded
// database. `BENCH_READ_MAKE=versions` makes decks' next versions instead of new decks. Prints one
// JSON line for bench/run.ts.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchDraft } from '../../../bench/bench-deck.ts';
import { serverMallocEnv, serverNodeFlags } from '../../../scripts/server-runtime.mjs';
import {
  createBenchDatabase,
  makeAccounts,
  startBenchServer,
  stopBenchServer,
} from './bench-server.ts';
import { generateDeck, makeVersion } from './portal-load.ts';

const url = process.env.DATABASE_URL || undefined;
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 8);
const READERS = 10;
const GENERATORS = 4;
const RATE = Number(process.env.BENCH_READ_RATE ?? 300);

const bench = await createBenchDatabase(url);
const { where } = bench;
const [rep] = await makeAccounts(where, ['Bench Rep']);
// Built, as `npm start` runs it (V8's and glibc's settings of scripts/server-runtime.mjs), with a
// job per generator, so the render pool's threads stay busy while a finished deck is stored.
// `BENCH_READ_NODE_OPTIONS` is given to the server's Node after npm start's own (to profile it:
// `--require` a probe); `BACKGROUND_NICE`, when set, is the server's (render threads at the
// server's priority with 0).
const server = await startBenchServer(
  where,
  {
    ...serverMallocEnv,
    JOB_WORKERS: String(GENERATORS),
    ...(process.env.BACKGROUND_NICE ? { BACKGROUND_NICE: process.env.BACKGROUND_NICE } : {}),
    NODE_OPTIONS: [...serverNodeFlags, process.env.BENCH_READ_NODE_OPTIONS ?? ''].join(' ').trim(),
  },
  { isBuilt: true },
);
const base = server.baseUrl;

// The benchmark's deck (18 slides, 4 products priced) without its picture slides: their
// pictures come from bench/run.ts's own picture server.
const draft = benchDraft();
draft.templateCustomization.customSlides = [];

const generate = () => generateDeck(base, rep!, draft);

/**
 * `BENCH_READ_MAKE=versions`: each generator makes next versions of a deck of its own (Modify →
 * Generate), its draft changed each time, rather than new decks.
 */
const makesVersions = process.env.BENCH_READ_MAKE === 'versions';
const generator = async () => {
  if (!makesVersions) return generate;
  const deckId = await generate();
  let made = 0;
  return async () => {
    made += 1;
    const changed = structuredClone(draft);
    changed.basicInfo.deckTitle = `${draft.basicInfo.deckTitle} (${made})`;
    await makeVersion(base, rep!, deckId, changed);
  };
};

/** Reads for `seconds`, at `rate` requests a second across all connections, or flat out. */
async function readFor(seconds: number, rate?: number) {
  const result = await autocannon({
    url: `${base}/api/recent-decks?page=1&pageSize=10`,
    connections: READERS,
    duration: seconds,
    headers: { cookie: rep!.cookie },
    ...(rate ? { overallRate: rate } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} answers were not 2xx, ${result.errors} errors`);
  }
  const { latency } = result;
  return { n: result.requests.total, p50: latency.p50, p99: latency.p99, max: latency.max };
}

/**
 * How long the server's main thread has waited, runnable, for a core, in ms (the kernel's
 * schedstat): what the other threads (the render threads among them) cost the one answering.
 */
const pid = server.child.pid!;
function mainThreadWaitMs() {
  const [, waitNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ');
  return Math.round(Number(waitNs) / 1e6);
}

type Reads = Awaited<ReturnType<typeof readFor>>;
/**
 * Each phase is read `ROUNDS` times and the round with the median p99 is kept: on a 2-core
 * machine shared with the load generator, one scheduling hiccup can decide a single round's p99.
 */
const ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 3);
async function medianOf(read: () => Promise<Reads>) {
  const rounds: Reads[] = [];
  const waitBefore = mainThreadWaitMs();
  for (let i = 0; i < ROUNDS; i += 1) rounds.push(await read());
  // Over all its rounds, a second of reading.
  const waitMsPerSecond = Math.round((mainThreadWaitMs() - waitBefore) / (ROUNDS * SECONDS));
  rounds.sort((a, b) => a.p99 - b.p99);
  return {
    ...rounds[Math.floor(rounds.length / 2)]!,
    p99s: rounds.map((round) => round.p99),
    waitMsPerSecond,
  };
}
const atRest: { steady?: Reads; flatOut?: Reads } = {};
const underLoad: { steady?: Reads; flatOut?: Reads } = {};
let decksPerSecond;
try {
  // Some decks in the list, as a rep's after a few weeks.
  for (let i = 0; i < 20; i += 1) await generate();
  await readFor(2); // warm up
  atRest.steady = await medianOf(() => readFor(SECONDS, RATE));
  atRest.flatOut = await medianOf(() => readFor(SECONDS));
  let generating = true;
  let decks = 0;
  const makers = await Promise.all(Array.from({ length: GENERATORS }, generator));
  const started = performance.now();
  const generators = makers.map(async (make) => {
    while (generating) {
      await make();
      decks += 1;
    }
  });
  underLoad.steady = await medianOf(() => readFor(SECONDS, RATE));
  underLoad.flatOut = await medianOf(() => readFor(SECONDS));
  generating = false;
  await Promise.all(generators);
  decksPerSecond = Math.round((decks / ((performance.now() - started) / 1000)) * 10) / 10;
} finally {
  await stopBenchServer(server);
}

await bench.remove();
console.log(
  JSON.stringify({
    database: url ? 'postgres' : 'pglite',
    seconds: SECONDS,
    readers: READERS,
    rate: RATE,
    rounds: ROUNDS,
    atRest,
    underLoad,
    decksPerSecond,
    ...(makesVersions ? { made: 'versions' } : {}),
  }),
);
