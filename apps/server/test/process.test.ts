import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, waitUntilReady } from './helpers/server-process.ts';

const dirs: string[] = [];
async function tempDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-proc-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('start-up', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://localhost/portal'],
  ])('stops with a message naming a bad %s', async (name, value) => {
    const server = startServerProcess({ PORT: '0', DATA_DIR: await tempDataDir(), [name]: value });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain(`${name}:`);
  });
});

describe('SIGTERM', () => {
  it('lets an in-flight request finish, answers /readyz 503 meanwhile, and exits 0', async () => {
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATA_DIR: await tempDataDir() });
    await waitUntilReady(server);

    // A request whose body arrives slowly stays in flight until the body is complete.
    const slowResponse = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/slow-upload',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write('{"part":');
      setTimeout(() => req.end('1}'), 1_500);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const readiness = await fetch(`${server.baseUrl}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'shutting_down' });

    // The request got its real answer (the route does not exist), not a dropped connection.
    expect(await slowResponse).toBe(404);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe('restart', () => {
  it('keeps an account written before the server stopped', async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const account = { email: 'kept@example.com', password: 'kept across restarts', name: 'Kept' };

    const first = startServerProcess({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    await waitUntilReady(first);
    expect(first.output()).toContain('the first account to sign up becomes the administrator');
    const signUp = await fetch(`${first.baseUrl}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(signUp.status).toBe(201);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    const second = startServerProcess({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    await waitUntilReady(second);
    expect(second.output()).not.toContain('becomes the administrator');
    const signIn = await fetch(`${second.baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { user: unknown }).user).toMatchObject({
      email: account.email,
      role: 'admin',
    });
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });
});
