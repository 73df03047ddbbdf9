/// <reference lib="dom" />
// The client's page (/v/{token}) as a prospect on a phone opens it: Chromium with the network
// throttled as DevTools' "Fast 3G" (562.5 ms latency, 1.44 Mbit/s down), a cold cache each time,
// against the real server on the embedded database with a deck the engine made. Measures the
// time until the first slide is drawn, and, as the baseline of the same run, until the portal's
// own first page (sign-in) shows its form. Needs the web app built (apps/web/dist).
// Prints one JSON line for bench/run.ts.
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { benchDraft } from '../../../bench/bench-deck.ts';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
/** DevTools' Fast 3G preset, as Chromium defines it. */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
if (!existsSync(path.join(webRoot, 'client-view.html'))) {
  throw new Error('Build the web app first (npm run build): apps/web/dist has no client-view.html');
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-page-'));
const database = await openDatabase({ driver: 'pglite', dataDir });
const app = await buildApp({
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir }),
  database,
  logger: false,
  deckRenderer: createDeckRenderer({ maxThreads: 2 }),
  webRoot,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function post(url: string, body: object, cookie = '', headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie, ...headers },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${url} answered ${res.status} ${await res.text()}`);
  return res;
}

const signUp = await post('/api/auth/sign-up', {
  email: 'bench@bench.example',
  name: 'Bench Rep',
  password: 'a fine passphrase',
});
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
// The benchmark's deck (18 slides) without its picture slides, whose pictures come from
// bench/run.ts's own picture server.
const draft = benchDraft();
draft.templateCustomization.customSlides = [];
const deck = await post('/api/generate-slides', draft, cookie, { prefer: 'wait=60' });
const deckId = ((await deck.json()) as { presentationId: string }).presentationId;
const link = await post(
  `/api/decks/${deckId}/client-links`,
  { recipientName: 'Bench Client', recipientEmail: 'client@bench.example', sendEmail: false },
  cookie,
);
const linkUrl = ((await link.json()) as { url: string }).url;
const token = /\/v\/([^/]+)$/.exec(linkUrl)![1]!;
const clientUrl = `${base}/v/${token}`;

/** Bytes on the wire of the first slide, compressed as the server sends it to a browser. */
const firstSlideBytes = await new Promise<number>((resolve, reject) => {
  get(
    `${base}/api/client-view/${token}/slides/1`,
    { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
    (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    },
  ).on('error', reject);
});

/** Milliseconds from navigation until `shown` holds in the page, on a cold cache and Fast 3G. */
async function timeToShow(browser: Browser, url: string, shown: () => number | false) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await page.goto(url, { waitUntil: 'commit' });
  const at = await page.waitForFunction(shown, undefined, { timeout: 60_000, polling: 10 });
  const ms = (await at.jsonValue()) as number;
  await context.close();
  return ms;
}

// Functions, not strings: the page's Content-Security-Policy forbids evaluating strings.
const firstSlide = () => {
  const img = document.querySelector<HTMLImageElement>('img[alt^="Slide 1 of"]');
  return img && img.complete && img.naturalWidth > 0 ? performance.now() : false;
};
const signInForm = () =>
  document.querySelector('input[type="password"]') ? performance.now() : false;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  const client: number[] = [];
  const portal: number[] = [];
  // Interleaved, so a noisy moment on the machine falls on both.
  for (let i = 0; i < RUNS; i += 1) {
    client.push(await timeToShow(browser, clientUrl, firstSlide));
    portal.push(await timeToShow(browser, `${base}/auth`, signInForm));
  }
  console.log(
    JSON.stringify({
      runs: RUNS,
      firstSlideBytes,
      clientFirstSlideMs: Math.round(median(client)),
      portalSignInMs: Math.round(median(portal)),
      ratio: Number((median(client) / median(portal)).toFixed(2)),
    }),
  );
} finally {
  await browser.close();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
