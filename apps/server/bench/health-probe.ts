// `/healthz` against a bare Fastify route with the same logger, in one run: the portal's hooks
// (security headers, draining guard, session lookup for /api only, request log filter) should
// cost little on the probe a load balancer calls every few seconds. Prints one JSON line.
import { mkdtemp, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { logSerializers } from '../src/http/log-serializers.ts';
import { createFakeDeckRenderer } from '../test/helpers/fake-deck-renderer.ts';

const SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 3);
const CONCURRENCY = 10;
// The bare route logs its two JSON lines a request to a sink; the portal logs as in production
// (JSON on stdout, probes left out). bench/run.ts reads the last line of stdout.
const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

async function hammer(url: string) {
  let count = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        count += 1;
      }
    }),
  );
  return count / SECONDS;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-probe-'));
const database = await openDatabase({ driver: 'pglite', dataDir });
const config = { ...loadConfig({ DATA_DIR: dataDir }), logFormat: 'json' as const };
const portal = await buildApp({
  config,
  database,
  deckRenderer: createFakeDeckRenderer(1),
  logger: { level: 'info' },
});
await portal.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: { level: 'info', serializers: logSerializers, stream: sink() } });
bare.get('/healthz', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const port = (app: { server: { address(): unknown } }) =>
  (app.server.address() as { port: number }).port;

// Interleaved: bare, portal, bare, portal; the better of each pair of rounds.
const bareRates: number[] = [];
const portalRates: number[] = [];
for (let round = 0; round < 2; round += 1) {
  bareRates.push(await hammer(`http://127.0.0.1:${port(bare)}/healthz`));
  portalRates.push(await hammer(`http://127.0.0.1:${port(portal)}/healthz`));
}
await Promise.all([portal.close(), bare.close()]);
await rm(dataDir, { recursive: true, force: true });
const bareRate = Math.max(...bareRates);
const portalRate = Math.max(...portalRates);
process.stdout.write(
  `${JSON.stringify({ seconds: SECONDS, concurrency: CONCURRENCY, bareRate, portalRate, ratio: portalRate / bareRate })}\n`,
);
