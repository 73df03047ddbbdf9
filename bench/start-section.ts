// The start rows of bench/RESULTS.md (issue 52): `npm start` spawned as a person types it, on a
// fresh data directory, timed to the first served page and to the first deck, against the old
// way (`node --import tsx apps/server/src/main.ts`, TypeScript transpiled at start).
// `node --import tsx bench/start-section.ts` runs only this bench and prints its markdown.
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../apps/server/test/helpers/server-process.ts';
import { buildServerIfNeeded, serverBuildDir } from '../scripts/build-server.mjs';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);

type Way = 'built' | 'tsx';
/**
 * `isFirst`: the server's build (built) or tsx's cache of transpiled files (tsx) is empty.
 * `dataDir`: a data directory an earlier start made (its administrator signs in), else a new one.
 */
type Start = { way: Way; isFirst: boolean; dataDir?: string; hasData?: boolean };
export type StartRun = {
  way: Way;
  isFirst: boolean;
  hasData: boolean;
  pageMs: number;
  deckMs: number;
};

/** A small deck as the API takes it (e2e's generateDeckViaApi makes the same). */
const draft = {
  basicInfo: { deckTitle: 'First deck', clientName: 'Northwind Pharmacies', date: '2031-06-15' },
  productSelection: {
    selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
    includePricing: false,
  },
  templateCustomization: { selectedSlides: ['title', 'agenda', 'thank-you'] },
};

const administrator = {
  email: 'first@start.bench',
  password: 'a first start bench password',
  name: 'Fay Start',
};

/**
 * Signs up the first account (the administrator), or signs it in on a data directory that has
 * it, makes a deck and fetches its PPTX and PDF.
 */
async function firstDeck(baseUrl: string, hasData: boolean) {
  const json = { 'Content-Type': 'application/json', Origin: baseUrl };
  const { email, password } = administrator;
  const signUp = await fetch(`${baseUrl}/api/auth/${hasData ? 'sign-in' : 'sign-up'}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(hasData ? { email, password } : administrator),
  });
  if (signUp.status !== (hasData ? 200 : 201)) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const generated = await fetch(`${baseUrl}/api/generate-slides`, {
    method: 'POST',
    headers: { ...json, cookie, Prefer: 'wait=300' },
    body: JSON.stringify(draft),
  });
  const state = (await generated.json()) as { presentationId: string; status: string };
  if (generated.status !== 201) {
    throw new Error(`generation answered ${generated.status} ${JSON.stringify(state)}`);
  }
  for (const [file, magic] of [
    ['pptx', 'PK'],
    ['download', '%PDF'],
  ] as const) {
    const response = await fetch(`${baseUrl}/api/decks/${state.presentationId}/${file}`, {
      headers: { cookie },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !bytes.subarray(0, magic.length).equals(Buffer.from(magic))) {
      throw new Error(`the deck's ${file} answered ${response.status}`);
    }
  }
}

/** One start: from the spawn to GET / with the app, then to a deck. */
export async function timeStart({
  way,
  isFirst,
  dataDir,
  hasData = Boolean(dataDir),
}: Start): Promise<StartRun> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(path.join(tmpdir(), 'deck-portal-start-'));
  // Others may change the sources meanwhile: only a first start builds while timed.
  buildWebIfNeeded();
  await buildServerIfNeeded();
  if (isFirst && way === 'built') {
    // As after a fresh clone or a change: the next start builds the server first.
    utimesSync(path.join(serverBuildDir, 'build.json'), 0, 0);
  }
  const command =
    way === 'built'
      ? { file: 'npm', args: ['start'] }
      : { file: process.execPath, args: ['--import', 'tsx', 'apps/server/src/main.ts'] };
  const started = performance.now();
  const server = startServerProcess(
    {
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir ?? path.join(scratch, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // tsx keeps the files it transpiled under the temporary folder: a first start has none.
      ...(isFirst && way === 'tsx' ? { TMPDIR: scratch } : {}),
    },
    command,
    { isInheriting: true, keptChars: 4000 },
  );
  try {
    await waitUntilReady(server, 600_000, {
      isReady: async () => {
        const page = await fetch(`${baseUrl}/`);
        return page.status === 200 && (await page.text()).includes('<div id="root">');
      },
      pollMs: 50,
    });
    const pageMs = performance.now() - started;
    await firstDeck(baseUrl, hasData);
    return {
      way,
      isFirst,
      hasData,
      pageMs: Math.round(pageMs),
      deckMs: Math.round(performance.now() - started),
    };
  } finally {
    await stopServerProcess(server);
    rmSync(scratch, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Every kind of start `rounds` times, taking turns (the order turns too). */
export async function measureStarts(rounds = ROUNDS): Promise<StartRun[]> {
  // A data directory as a person has after their first start: the administrator and a deck.
  const existing = mkdtempSync(path.join(tmpdir(), 'deck-portal-start-data-'));
  try {
    await timeStart({ way: 'built', isFirst: false, dataDir: existing, hasData: false });
    const kinds: Start[] = [
      { way: 'built', isFirst: false },
      { way: 'tsx', isFirst: false },
      { way: 'built', isFirst: false, dataDir: existing },
      { way: 'tsx', isFirst: false, dataDir: existing },
      { way: 'built', isFirst: true },
      { way: 'tsx', isFirst: true },
    ];
    const runs: StartRun[] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...kinds].reverse() : kinds;
      for (const kind of order) {
        const run = await timeStart(kind);
        console.error('start', run, 'load', loadavg()[0]!.toFixed(1));
        runs.push(run);
      }
    }
    return runs;
  } finally {
    rmSync(existing, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The section for `runs`. */
export function formatStartSection(runs: StartRun[], load: [number, number]): string {
  const row = (label: string, isFirst: boolean, hasData: boolean) => {
    const of = (way: Way) =>
      runs.filter((r) => r.way === way && r.isFirst === isFirst && r.hasData === hasData);
    const [built, tsx] = [of('built'), of('tsx')];
    const page = [median(built.map((r) => r.pageMs)), median(tsx.map((r) => r.pageMs))] as const;
    const deck = [median(built.map((r) => r.deckMs)), median(tsx.map((r) => r.deckMs))] as const;
    return `| ${label} | ${seconds(page[0])} | ${seconds(page[1])} | ${(page[0] / page[1]).toFixed(2)}× | ${seconds(deck[0])} | ${seconds(deck[1])} | ${(deck[0] / deck[1]).toFixed(2)}× |`;
  };
  const rounds = runs.filter((r) => r.way === 'built' && !r.isFirst && !r.hasData).length;
  return `## Start: \`npm start\` to the first page and the first deck

\`bench/start-section.ts\`: \`npm start\` spawned as a person types it (the server built to JavaScript by \`scripts/build-server.mjs\`, npm's own start included) against the old way, \`node --import tsx apps/server/src/main.ts\`. Timed from the spawn to GET / answering the app's HTML, then on to the first deck: the administrator signs up (new data directory: the embedded database is created and migrated, most of the wait) or signs in (a data directory an earlier start made), makes a 3-slide deck through the API (\`Prefer: wait\`) and fetches its PPTX and PDF. First start: the server's build is out of date, so \`npm start\` builds it first (the web app's build is there in both); the old way with tsx's cache of transpiled files empty. Medians of ${rounds} interleaved rounds; load average ${load[0].toFixed(1)} at start, ${load[1].toFixed(1)} at the end.

| start | first page, built | old way | ratio | first deck, built | old way | ratio |
|---|---|---|---|---|---|---|
${row('new data directory', false, false)}
${row('new data directory, first start (builds / empty tsx cache)', true, false)}
${row('existing data directory', false, true)}`;
}

/** Runs the bench and answers its section. */
export async function startSection(rounds = ROUNDS): Promise<string> {
  const before = loadavg()[0]!;
  const runs = await measureStarts(rounds);
  return formatStartSection(runs, [before, loadavg()[0]!]);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  console.log(await startSection());
}
