// The content editor's live preview: `POST /api/library/preview` of one slide as the editor
// sends it after each change, against reading the same slide (`GET /api/library/slides/:id`)
// through the same stack in the same run. The real app on an in-memory embedded database, each
// of the built-in slides in turn with a changed heading. Prints one JSON line for bench/run.ts.
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';

const ROUNDS = Number(process.env.BENCH_PREVIEW_ROUNDS ?? 3);

const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
const app = await buildApp({
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', JOB_WORKERS: '0' }),
  database,
  logger: false,
});
await app.ready();

const origin = 'http://localhost:3000';
// The first account is the administrator, who may edit the library.
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { email: 'editor@bench.example', name: 'Bench Editor', password: 'a fine passphrase' },
});
const cookie = signUp.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const library = (await app.inject({ url: '/api/library', headers: { cookie } })).json() as {
  slides: { id: string }[];
};

const previews: number[] = [];
const reads: number[] = [];
async function timed(request: InjectOptions, into: number[] | undefined) {
  const started = performance.now();
  const response = await app.inject(request);
  const took = performance.now() - started;
  if (response.statusCode !== 200)
    throw new Error(`answered ${response.statusCode}: ${response.body}`);
  into?.push(took);
  return response;
}

for (let round = 0; round <= ROUNDS; round += 1) {
  // Round 0 warms up the engine and the database.
  const keep = round === 0 ? undefined : previews;
  for (const { id } of library.slides) {
    const opened = await timed(
      { url: `/api/library/slides/${id}`, headers: { cookie } },
      round === 0 ? undefined : reads,
    );
    const { document } = opened.json() as { document: { heading?: string } };
    document.heading = `Edited ${round}: ${document.heading ?? id}`;
    await timed(
      {
        method: 'POST',
        url: '/api/library/preview',
        headers: { cookie, origin },
        payload: { kind: 'slide', document },
      },
      keep,
    );
  }
}
await app.close();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
};
const round1 = (value: number) => Math.round(value * 10) / 10;
console.log(
  JSON.stringify({
    slides: library.slides.length,
    samples: previews.length,
    preview: { median: round1(median(previews)), p95: round1(p95(previews)) },
    read: { median: round1(median(reads)), p95: round1(p95(reads)) },
  }),
);
