// Webhooks (issue 51): from a visit's end (the POST of the viewer's final beacon batch) to the
// webhook's receipt by a receiver on this machine, and the view events ingested per second with
// webhook endpoints registered against none. The real app on the embedded database in a data
// directory (as `npm start` runs), jobs in process.
// `node --import tsx apps/server/bench/webhooks-delivery.ts` prints JSON; bench/webhooks-section.ts
// reports it.
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DeckRenderer } from '@deck-portal/deck-engine';
import { createTemplateLibrary } from '@deck-portal/deck-engine';
import { eventTypes, viewEventLimits } from '@deck-portal/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';

const VISITS = Number(process.env.BENCH_WEBHOOK_VISITS ?? 40);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 4000);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 4);
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

// The receiver: answers 204 at once and tells who waits for a visit's message.
const waiting = new Map<string, () => void>();
let received = 0;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received += 1;
    response.writeHead(204).end();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      type: string;
      data: { visit?: { id?: string } };
    };
    const visitId = body.data.visit?.id;
    if (body.type === 'visit.ended' && visitId) waiting.get(visitId)?.();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-webhooks-'));
const database = await openDatabase({ driver: 'pglite', dataDir });
const config = loadConfig({
  PUBLIC_URL: 'http://localhost:3000',
  DATA_DIR: dataDir,
  WEBHOOKS_ALLOW_PRIVATE: 'true',
});
const app = await buildApp({ config, database, logger: false, deckRenderer: renderer });
await app.ready();

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { cookie, origin: 'http://localhost:3000', prefer: 'wait=60' },
  });
  if (res.statusCode >= 300)
    throw new Error(`${method} ${url} answered ${res.statusCode} ${res.body}`);
  return res;
}

// The first account is the administrator: it may make decks, links and webhooks.
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  payload: { email: 'bench@bench.example', name: 'Bench Admin', password: 'a fine passphrase' },
});
const cookie = signUp.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const deck = await call('POST', '/api/generate-slides', {
  basicInfo: { deckTitle: 'Bench deck', clientName: 'Bench client', date: '2026-11-23' },
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
});
const deckId = deck.json().presentationId as string;

async function newLinkToken() {
  const link = await call('POST', `/api/decks/${deckId}/client-links`, {
    recipientName: 'Bench Client',
    recipientEmail: 'client@bench.example',
    sendEmail: false,
  });
  return /\/v\/(.+)$/.exec(link.json().url as string)![1]!;
}

let view = 0;
const viewEvent = () => ({ slide: 1 + (view % SLIDES), ms: 1 + (view % 25), view: view++ });

/** A client's visit: no session (the deck's owner viewing their own link is not a visit). */
async function startVisit(token: string) {
  const res = await app.inject({ method: 'POST', url: `/api/client-view/${token}/visits` });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`the visit's start answered ${res.statusCode} ${res.body}`);
  return res.json().visitId as string;
}

const sendBatch = (token: string, visitId: string, sequence: number) =>
  app.inject({
    method: 'POST',
    url: `/api/client-view/${token}/visits/${visitId}/events`,
    payload: { sequence, events: Array.from({ length: BATCH }, viewEvent) },
  });

/** The page's last word as it goes away, after its last batch: the visit is over. */
const endVisit = (token: string, visitId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/client-view/${token}/visits/${visitId}/end`,
    payload: {},
  });

// 1. From the final batch to the receipt.
const endpoint = (
  await call('POST', '/api/admin/webhooks', {
    url: receiverUrl,
    description: 'Bench receiver',
    eventTypes: ['visit.ended'],
  })
).json() as { id: string };

const latencies: number[] = [];
let token = await newLinkToken();
for (let i = 0; i < VISITS + 3; i += 1) {
  // A link per 10 visits: under the per-address visit limit.
  if (i > 0 && i % 10 === 0) token = await newLinkToken();
  const visitId = await startVisit(token);
  await sendBatch(token, visitId, 1);
  const receipt = new Promise<void>((resolve) => waiting.set(visitId, resolve));
  const started = performance.now();
  const last = await sendBatch(token, visitId, 2);
  if (last.statusCode !== 204)
    throw new Error(`last batch answered ${last.statusCode} ${last.body}`);
  const res = await endVisit(token, visitId);
  if (res.statusCode !== 204)
    throw new Error(`the visit's end answered ${res.statusCode} ${res.body}`);
  await receipt;
  waiting.delete(visitId);
  // The first three warm the path up.
  if (i >= 3) latencies.push(performance.now() - started);
}
await call('DELETE', `/api/admin/webhooks/${endpoint.id}`);

/** View events in batches of 20, four visits' viewers at once, as the ingest bench sends them. */
async function ingest(count: number) {
  const linkToken = await newLinkToken();
  const requests = Math.ceil(count / BATCH);
  const perVisit = Math.floor(viewEventLimits.perVisit / BATCH);
  const perWorker = Math.ceil(requests / CONCURRENCY);
  const workers = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const share = Math.max(0, Math.min(perWorker, requests - worker * perWorker));
      const visits: string[] = [];
      for (let i = 0; i < Math.ceil(share / perVisit); i += 1)
        visits.push(await startVisit(linkToken));
      return { share, visits };
    }),
  );
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    workers.map(async ({ share, visits }) => {
      for (let i = 0; i < share; i += 1) {
        const isLastOfVisit = (i + 1) % perVisit === 0 || i === share - 1;
        const visitId = visits[Math.floor(i / perVisit)]!;
        const res = await sendBatch(linkToken, visitId, (i % perVisit) + 1);
        if (res.statusCode !== 204)
          throw new Error(`events answered ${res.statusCode} ${res.body}`);
        if (isLastOfVisit) await endVisit(linkToken, visitId);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return {
    perSecond: (requests * BATCH) / ((performance.now() - started) / 1000),
    // The process's CPU time (every thread: the requests', the database's, the jobs') per
    // thousand events: what the machine's other load moves less than the rate.
    cpuMsPerThousand: (cpu.user + cpu.system) / 1000 / ((requests * BATCH) / 1000),
  };
}
type Ingested = Awaited<ReturnType<typeof ingest>>;

// 2. Ingest with three endpoints that want every event against none, interleaved, the best
// round of each.
const endpoints: string[] = [];
const register = async () => {
  for (let i = 0; i < 3; i += 1) {
    const res = await call('POST', '/api/admin/webhooks', {
      url: `${receiverUrl}/${i}`,
      eventTypes: [...eventTypes],
    });
    endpoints.push((res.json() as { id: string }).id);
  }
};
const unregister = async () => {
  for (const id of endpoints.splice(0)) await call('DELETE', `/api/admin/webhooks/${id}`);
};
await ingest(400);
const withWebhooks: Ingested[] = [];
const without: Ingested[] = [];
const receivedBefore = received;
// Each round in the other order too: a machine whose load changes favours neither.
const withEndpoints = async () => {
  await register();
  withWebhooks.push(await ingest(EVENTS));
  await unregister();
};
for (let round = 0; round < ROUNDS; round += 1) {
  if (round % 2 === 0) {
    without.push(await ingest(EVENTS));
    await withEndpoints();
  } else {
    await withEndpoints();
    without.push(await ingest(EVENTS));
  }
}
const receivedDuringIngest = received - receivedBefore;

await app.close();
await new Promise((resolve) => receiver.close(resolve));
await rm(dataDir, { recursive: true, force: true });

/** The middle value (the mean of the two middle ones), rounded to a whole number. */
function median(values: number[]) {
  const ordered = [...values].sort((a, b) => a - b);
  const middle = ordered.length / 2;
  return Math.round(
    ordered.length % 2
      ? ordered[Math.floor(middle)]!
      : (ordered[middle - 1]! + ordered[middle]!) / 2,
  );
}

const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
process.stdout.write(
  `${JSON.stringify({
    visits: latencies.length,
    p50: Math.round(at(0.5)),
    p95: Math.round(at(0.95)),
    max: Math.round(sorted.at(-1)!),
    events: EVENTS,
    batch: BATCH,
    concurrency: CONCURRENCY,
    rounds: ROUNDS,
    perSecondWithout: Math.round(Math.max(...without.map((r) => r.perSecond))),
    perSecondWith: Math.round(Math.max(...withWebhooks.map((r) => r.perSecond))),
    cpuMsPerThousandWithout: median(without.map((r) => r.cpuMsPerThousand)),
    cpuMsPerThousandWith: median(withWebhooks.map((r) => r.cpuMsPerThousand)),
    receivedDuringIngest,
    jobWorkers: config.jobWorkers,
  })}\n`,
);
