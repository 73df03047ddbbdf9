import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startServerProcess,
  waitFor,
  waitUntilReady,
  type ServerProcess,
} from './helpers/server-process.ts';

// The server as a process, logging JSON as it does when its output goes to a file. It runs no
// jobs (JOB_WORKERS=0), so a deck it is asked for stays generating and its event stream stays
// open: the stream a rep's browser holds while the wizard waits.
let dataDir = '';
let server: ServerProcess;
let cookie = '';

const publicUrl = 'http://portal.test';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-streams-'));
  server = startServerProcess({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    JOB_WORKERS: '0',
    SHUTDOWN_TIMEOUT_MS: '20000',
  });
  // A first start on a busy machine may take longer than the usual 30 s.
  await waitUntilReady(server, 80_000);
  const account = { email: 'ada@example.com', password: 'Glacier-Plum-83!x', name: 'Ada Admin' };
  const signedUp = await call('/api/auth/sign-up', { method: 'POST', body: account });
  expect(signedUp.status, await signedUp.clone().text()).toBe(201);
  cookie = signedUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}, 120_000);

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
});

function call(url: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${server.baseUrl}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: publicUrl,
      cookie,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** The process's log lines that are JSON objects. */
const logLines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the JSON log', () => {
  it('says the portal is ready at info, and that no administrator exists at warn', () => {
    const ready = logLines().find((line) => String(line.msg).startsWith('Deck Portal is ready'));
    expect(ready?.level).toBe(30);
    const noAdmin = logLines().find((line) => String(line.msg).includes('no administrator yet'));
    expect(noAdmin?.level).toBe(40);
  });

  it('writes one line per request, with its method, address, status and time', async () => {
    const answered = await call('/api/config?from=test');
    expect(answered.status).toBe(200);
    const id = answered.headers.get('x-request-id')!;
    const lines = () => logLines().filter((line) => line.reqId === id);
    await waitFor(async () => lines().length > 0, 'the request to be logged');
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/config?[query]' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });
});

describe('SIGTERM with an event stream open', () => {
  it('ends the stream at once and exits well before SHUTDOWN_TIMEOUT_MS', async () => {
    const queued = await call('/api/generate-slides', {
      method: 'POST',
      body: {
        basicInfo: { deckTitle: 'Cold chain', clientName: 'Northwind', date: '2026-11-23' },
        productSelection: { selectedProducts: [{ id: 'controller', quantity: 2 }] },
        templateCustomization: { selectedSlides: ['title', 'thank-you'] },
      },
    });
    expect(queued.status, await queued.clone().text()).toBe(202);
    const { presentationId } = (await queued.json()) as { presentationId: string };

    let received = '';
    const ended = new Promise<void>((resolve, reject) => {
      const stream = request(`${server.baseUrl}/api/decks/${presentationId}/generation/events`, {
        headers: { cookie },
        agent: false,
      });
      stream.on('response', (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (received += chunk));
        response.on('end', resolve);
        response.on('error', reject);
      });
      stream.on('error', reject);
      stream.end();
    });
    await waitFor(async () => received.includes('event: state'), 'the stream to open');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await ended;
    expect(received).toContain('reconnect');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(server.output()).not.toContain('shutdown timeout reached');
  }, 60_000);
});
