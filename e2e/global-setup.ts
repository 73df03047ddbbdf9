import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../apps/server/test/helpers/server-process.ts';
import { buildServerIfNeeded } from '../scripts/build-server.mjs';
import { buildWebIfNeeded } from '../scripts/web-build.mjs';

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
  const server = startServerProcess(
    {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      // The webhooks spec's receiver listens on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
    'dist/main.js',
    { isInheriting: true, onOutput: (chunk) => logFile.write(chunk), keptChars: 200_000 },
  );
  // Two minutes: on a shared machine under load the server's first start takes over one.
  await waitUntilReady(server, 120_000, { pollMs: 200 });
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
    await stopServerProcess(server);
    throw new Error(
      `creating the first account should make it an approved admin; got ${signUp.status} ${JSON.stringify(created)}`,
    );
  }
  process.env.E2E_ADMIN_EMAIL = admin.email;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  process.env.E2E_ADMIN_NAME = admin.name;

  return async () => {
    await stopServerProcess(server);
    await new Promise((resolve) => logFile.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
