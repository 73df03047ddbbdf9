// Client-link view events ingested per second on the embedded database (PGlite in a data
// directory, as `npm start` runs), through the real route: batches of 20 (as the viewer
// sends them) against the same events sent one per request (the baseline).
// `node --import tsx apps/server/bench/view-events-ingest.ts` prints JSON; bench/run.ts reports it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DeckRenderer } from '@deck-portal/deck-engine';
import { createTemplateLibrary } from '@deck-portal/deck-engine';
import { viewEventLimits } from '@deck-portal/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 6000);
const BATCH = 20;
const CONCURRENCY = 4;
const SLIDES = 12;

const renderer: DeckRenderer = {
  generate: async () => ({
    pptx: Buffer.from('PK'),
    pdf: Buffer.from('%PDF'),
    svgs: Array.from({ length: SLIDES }, () => '<svg xmlns="http://www.w3.org/2000/svg"/>'),
    slideTitles: Array.from({ length: SLIDES }, (_, i) => `Slide ${i + 1}`),
    slideLinks: Array.from({ length: SLIDES }, () => []),
    missingPictures: [],
    warnings: [],
    slidePlan: Array.from({ length: SLIDES }, (_, i) => ({ key: `slide-${i + 1}`, priced: false })),
    slideProducts: [],
  }),
  generateEdited: async () => {
    throw new Error('no edited decks in this benchmark');
  },
  readEdited: async () => ({ ok: false, reason: 'not read in this benchmark' }),
  previewEditedSlide: async () => '<svg xmlns="http://www.w3.org/2000/svg"/>',
  checkPicture: async () => ({ ok: false, reason: 'not checked in this benchmark' }),
  importPresentation: async () => ({ ok: false, reason: 'not imported in this benchmark' }),
  acceptedPdf: async () => {
    throw new Error('no acceptances in this benchmark');
  },
  pending: 0,
  close: async () => {},
};

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-events-'));
const database = await openDatabase({ driver: 'pglite', dataDir });
const app = await buildApp({
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir }),
  database,
  logger: false,
  deckRenderer: renderer,
});
await app.ready();

async function call(method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    // Generation is a job: the deck is answered once it is made (links need a made deck).
    headers: { ...(cookie ? { cookie } : {}), prefer: 'wait=60' },
  });
  if (res.statusCode >= 300)
    throw new Error(`${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res;
}

// The first account is the administrator: it may make decks and links.
const signUp = await call('POST', '/api/auth/sign-up', {
  email: 'bench@bench.example',
  name: 'Bench Rep',
  password: 'a fine passphrase',
});
const cookie = signUp.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const deck = await call(
  'POST',
  '/api/generate-slides',
  {
    basicInfo: {
      deckTitle: 'Bench deck',
      clientName: 'Bench client',
      date: '2026-11-23',
      mode: 'simple',
    },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 1 }],
      includePricing: false,
    },
    templateCustomization: {
      selectedSlides: createTemplateLibrary()
        .slides.slice(0, 3)
        .map((slide) => slide.id),
      customSlides: [],
    },
  },
  cookie,
);
const deckId = deck.json().presentationId as string;

/** A new link: each run starts its visits afresh, under the per-address visit limit. */
async function newLinkToken() {
  const link = await call(
    'POST',
    `/api/decks/${deckId}/client-links`,
    { recipientName: 'Bench Client', recipientEmail: 'client@bench.example', sendEmail: false },
    cookie,
  );
  return /\/v\/(.+)$/.exec(link.json().url as string)![1]!;
}

let view = 0;
const event = () => ({ slide: 1 + (view % SLIDES), ms: 1 + (view % 25), view: view++ });

/**
 * Sends `count` events in requests of `perRequest`, a few requests in flight at a time. Each
 * worker sends to visits of its own, one request after another, as a viewer does: a visit's
 * batches are numbered in order, and one arriving after a higher number would be skipped.
 */
async function ingest(count: number, perRequest: number) {
  const token = await newLinkToken();
  const requests = Math.ceil(count / perRequest);
  const perVisit = Math.floor(viewEventLimits.perVisit / perRequest);
  const perWorker = Math.ceil(requests / CONCURRENCY);
  const workers = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const share = Math.max(0, Math.min(perWorker, requests - worker * perWorker));
      const visits: string[] = [];
      for (let i = 0; i < Math.ceil(share / perVisit); i += 1) {
        const res = await call('POST', `/api/client-view/${token}/visits`);
        visits.push(res.json().visitId as string);
      }
      return { share, visits };
    }),
  );
  const started = performance.now();
  await Promise.all(
    workers.map(async ({ share, visits }) => {
      for (let i = 0; i < share; i += 1) {
        const visitId = visits[Math.floor(i / perVisit)]!;
        const events = Array.from({ length: perRequest }, event);
        const res = await app.inject({
          method: 'POST',
          url: `/api/client-view/${token}/visits/${visitId}/events`,
          payload: { sequence: (i % perVisit) + 1, events },
        });
        if (res.statusCode !== 204)
          throw new Error(`events answered ${res.statusCode} ${res.body}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { events: requests * perRequest, seconds, perSecond: (requests * perRequest) / seconds };
}

// Warm-up, then the two ways, twice each, interleaved, keeping each one's better run.
await ingest(400, BATCH);
const batched: number[] = [];
const single: number[] = [];
for (let round = 0; round < 2; round += 1) {
  batched.push((await ingest(EVENTS / 2, BATCH)).perSecond);
  single.push((await ingest(EVENTS / 10, 1)).perSecond);
}
await app.close();
await rm(dataDir, { recursive: true, force: true });

process.stdout.write(
  JSON.stringify({
    events: EVENTS,
    batch: BATCH,
    concurrency: CONCURRENCY,
    batchedPerSecond: Math.max(...batched),
    singlePerSecond: Math.max(...single),
  }),
);
