import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the real server, as `npm start` runs it (built), once for the whole browser run. */
export default async function globalSetup() {
  // Never a stale app or server, however the browser tests are started (npm test or playwright
  // alone).
  buildWebIfNeeded();
  await buildServerIfNeeded();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server's whole output goes to a file, where fixtures.ts reads the outbox mails
  // (with no SMTP configured each mail is logged at level info with its full text).
  const serverLog = path.join(dataDir, 'server.log');
  const logFile = createWriteStream(serverLog);
  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // The webhooks spec's receiver listens on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const capture = (chunk: Buffer) => {
    logFile.write(chunk);
    if (output.length < 200_000) output += chunk;
  };
  server.stdout.on('data', capture);
  server.stderr.on('data', capture);

  // Two minutes: on a shared machine under load the server's first start takes over one.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_LOG = serverLog;

  // Every spec file and worker shares this server, and its first account becomes the admin:
  // create that account here, once, so every test can rely on it.
  const admin = {
    email: 'first-admin@e2e.test',
    password: 'e2e first admin password',
    name: 'Erin Admin',
  };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(admin),
  });
  const created = (await signUp.json().catch(() => null)) as {
    user?: { role?: string; status?: string };
  } | null;
  if (
    signUp.status !== 201 ||
    created?.user?.role !== 'admin' ||
    created.user.status !== 'approved'
  ) {
    server.kill('SIGTERM');
    throw new Error(
      `creating the first account should make it an approved admin; got ${signUp.status} ${JSON.stringify(created)}`,
    );
  }
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_ADMIN_NAME = admin.name;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise((resolve) => logFile.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
