// `GET /api/recent-decks` at rest and while four decks are generated at once, on the embedded
// database, through the real server (HTTP on loopback, the worker pool, the local file store).
// Prints one JSON line for bench/run.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { benchDraft } from '../../../bench/bench-deck.ts';

const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 8);
const READERS = 10;
const GENERATORS = 4;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-reads-'));
const database = await openDatabase({ driver: 'pglite', dataDir });
const app = await buildApp({
  // A job per generator: the pool's two threads stay busy while a finished deck is stored.
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, JOB_WORKERS: '4' }),
  database,
  logger: false,
  deckRenderer: createDeckRenderer({ maxThreads: 2 }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const signUp = await fetch(`${base}/api/auth/sign-up`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({
    email: 'bench@bench.example',
    name: 'Bench Rep',
    password: 'a fine passphrase',
  }),
});
const cookie = (signUp.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
// The benchmark's deck (18 slides, 4 products priced) without its picture slides: their
// pictures come from bench/run.ts's own picture server.
const draft = benchDraft();
draft.templateCustomization.customSlides = [];

/** One deck, queued and made by the in-process job worker; answered once it is made. */
async function generate() {
  const res = await fetch(`${base}/api/generate-slides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base, prefer: 'wait=60' },
    body: JSON.stringify(draft),
  });
  if (res.status !== 201) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

// Some decks in the list, as a rep after a few weeks.
for (let i = 0; i < 20; i += 1) await generate();

async function readFor(ms: number) {
  const latencies: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(`${base}/api/recent-decks?page=1&pageSize=10`, {
          headers: { cookie },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`recent-decks answered ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencies;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

const atRest = stats(await readFor(SECONDS * 1000));
let generating = true;
let decks = 0;
const started = performance.now();
const generators = Array.from({ length: GENERATORS }, async () => {
  while (generating) {
    await generate();
    decks += 1;
  }
});
const underLoad = stats(await readFor(SECONDS * 1000));
generating = false;
await Promise.all(generators);
const decksPerSecond = decks / ((performance.now() - started) / 1000);

await app.close();
await rm(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify({ seconds: SECONDS, readers: READERS, atRest, underLoad, decksPerSecond }),
);
