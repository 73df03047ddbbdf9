// The portal as the benchmarks load it: accounts made through the app first, then the server in
// a process of its own (as `npm start` runs it, logging each request as JSON), so the load
// generator does not share its event loop. On PostgreSQL when given a URL, else on the embedded
// database in `dataDir`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildServerIfNeeded } from '../../../scripts/build-server.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { createFakeDeckRenderer } from '../test/helpers/fake-deck-renderer.ts';
import { createThrowawayDatabase } from '../test/helpers/test-database.ts';
import {
  freePort,
  startServerProcess,
  waitUntilReady,
  type ServerProcess,
} from '../test/helpers/server-process.ts';

export type BenchDatabase = { url: string | undefined; dataDir: string };

/**
 * Where a benchmark's server keeps its data: a new database of its own on the PostgreSQL server
 * at `serverUrl` when given, else the embedded one; a new data directory either way (files).
 * `remove` drops both.
 */
export async function createBenchDatabase(serverUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-bench-'));
  const throwaway = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined;
  return {
    where: { url: throwaway?.url, dataDir } satisfies BenchDatabase,
    async remove() {
      await throwaway?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function openBenchDatabase({ url, dataDir }: BenchDatabase): Promise<Database> {
  return openDatabase(url ? { driver: 'postgres', url } : { driver: 'pglite', dataDir });
}

export type BenchAccount = { id: string; cookie: string };

/**
 * Signs the given people up through the app, in order, and approves them: the first as the
 * administrator, the others as sales reps. Closes the database after, so that the embedded one
 * is free for the server process.
 */
export async function makeAccounts(where: BenchDatabase, names: string[]) {
  const run = crypto.randomUUID().slice(0, 8);
  const app = await buildApp({
    config: loadConfig({ PUBLIC_URL: 'http://localhost:3000', DATA_DIR: where.dataDir }),
    database: await openBenchDatabase(where),
    logger: false,
    deckRenderer: createFakeDeckRenderer(1),
  });
  const accounts: BenchAccount[] = [];
  try {
    for (const [i, name] of names.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: `bench-${i}-${run}@bench.example`, name, password: 'a fine passphrase' },
      });
      if (res.statusCode !== 201)
        throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
      const id = (res.json() as { user: { id: string } }).user.id;
      await app.services.db
        .update(users)
        .set({ status: 'approved', role: i === 0 ? 'admin' : 'sales_rep', approvedAt: new Date() })
        .where(eq(users.id, id));
      accounts.push({ id, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; ') });
    }
  } finally {
    await app.close(); // closes its database too
  }
  return accounts;
}

/**
 * `src/main.ts` on the bench database, ready to serve; with `isBuilt`, the built server as
 * `npm start` runs it (built first when a source is newer). Stop it with `stopBenchServer`.
 */
export async function startBenchServer(
  where: BenchDatabase,
  env: Record<string, string> = {},
  { isBuilt = false }: { isBuilt?: boolean } = {},
): Promise<ServerProcess> {
  if (isBuilt) await buildServerIfNeeded();
  const port = await freePort();
  const server = startServerProcess(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: where.dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...(where.url ? { DATABASE_URL: where.url } : {}),
      ...env,
    },
    isBuilt ? 'dist/main.js' : 'src/main.ts',
    { discardStdout: true },
  );
  try {
    await waitUntilReady(server, 60_000);
  } catch (error) {
    server.child.kill('SIGKILL');
    throw error;
  }
  return server;
}

export async function stopBenchServer(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}
