import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from './helpers/server-process.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { newAccount, signUp } from './helpers/accounts.ts';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailableReason,
  type ThrowawayPostgres,
} from './helpers/throwaway-postgres.ts';

const skipReason = await throwawayPostgresUnavailableReason();

describe.skipIf(skipReason !== undefined)(
  `database outage on PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let postgres: ThrowawayPostgres;
    let server: ServerProcess;
    let dataDir: string;
    const account = { email: 'outage.rep@example.com', password: 'a fine passphrase', name: 'Rep' };
    let cookie: string;

    beforeAll(async () => {
      postgres = await startThrowawayPostgres();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-faults-'));
      server = startServerProcess({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
        LOG_LEVEL: 'warn',
      });
      await waitUntilReady(server);
      const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      expect(signUp.status).toBe(201);
      cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    });

    afterAll(async () => {
      server?.child.kill('SIGTERM');
      await server?.exited;
      await postgres?.destroy();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const session = () => fetch(`${server.baseUrl}/api/auth/session`, { headers: { cookie } });
    const signIn = () =>
      fetch(`${server.baseUrl}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });

    it('answers 503 with Retry-After while PostgreSQL is down, and works again once it is back', async () => {
      const before = await session();
      expect(before.status).toBe(200);
      expect(await before.json()).toMatchObject({ user: { email: account.email } });

      await postgres.stop();

      // The pool's connections died with the server: the first requests meet dead connections,
      // later ones a refused connect. Every one of them is a 503, none a 500.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const res = await session();
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await res.json()).toEqual({
          error: { code: 'service_unavailable', message: expect.any(String) },
        });
      }
      const refusedSignIn = await signIn();
      expect(refusedSignIn.status).toBe(503);
      expect(refusedSignIn.headers.get('retry-after')).toMatch(/^\d+$/);

      const readiness = await fetch(`${server.baseUrl}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ status: 'database_unavailable' });

      // A client opening a link gets a page, not JSON.
      const page = await fetch(`${server.baseUrl}/v/${'t'.repeat(43)}`);
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('Temporarily unavailable');

      // The outage is logged as what it is, without the values the queries ran with.
      expect(server.output()).toContain('database unavailable');
      expect(server.output()).toContain('"kind":"database_unavailable"');
      expect(server.output()).not.toContain(account.email);
      expect(server.output()).not.toContain('"level":50');

      await postgres.start();

      // The server reconnects by itself: no restart.
      const after = await session();
      expect(after.status).toBe(200);
      expect(await after.json()).toMatchObject({ user: { email: account.email } });
      expect((await signIn()).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    });
  },
);

describe('database closed under a running app', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signUp(t.app, newAccount()));
    // The embedded database closed (or the pool ended) while the app still serves.
    await t.database.close();
  });
  afterAll(() => t.app.close());

  it('answers the API 503 service_unavailable with Retry-After, never 500', async () => {
    for (const url of ['/api/auth/session', `/api/client-view/${'t'.repeat(43)}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toMatch(/^\d+$/);
      expect(res.json(), url).toEqual({
        error: { code: 'service_unavailable', message: expect.any(String) },
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });

  it('shows a client opening a link an HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v/${'t'.repeat(43)}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Temporarily unavailable');
  });
});
