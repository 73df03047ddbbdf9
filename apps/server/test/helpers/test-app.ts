import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { ServicesDeckRenderer } from '../../src/services.ts';
import type { Clock } from '../../src/clock.ts';
import type { Database } from '../../src/db/database.ts';
import { createTestDatabase } from './test-database.ts';
import { createLocalObjectStore } from '../../src/storage/local-object-store.ts';
import type { ObjectStore } from '../../src/storage/object-store.ts';
import type { PictureDecoder } from '../../src/uploads/normalise-picture.ts';

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-11-02T09:00:00Z')) {
  let current = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
  return clock;
}

export type TestApp = { app: App; database: Database; config: Config };

/** Builds the real app on a fresh database, with no logging and an optional fake clock. */
export async function createTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    deckRenderer?: ServicesDeckRenderer;
    /** Where uploaded pictures are decoded; this process by default. */
    pictureDecoder?: PictureDecoder;
    /** A built web app to serve (a folder with index.html). */
    webRoot?: string;
    /** Routes only a test needs, added before the app is ready. */
    extraRoutes?: (app: App) => unknown;
    /** The object store; by default a local one in a temporary folder, removed at close. */
    objectStore?: ObjectStore;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ PUBLIC_URL: 'http://portal.test', ...options.env });
  const objectStore = options.objectStore ?? (await temporaryObjectStore());
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    deckRenderer: options.deckRenderer,
    ...(options.pictureDecoder ? { pictureDecoder: options.pictureDecoder } : {}),
    objectStore,
    webRoot: options.webRoot,
    // TEST_LOG=1 shows the server's errors while debugging a test.
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
  });
  options.extraRoutes?.(app);
  await app.ready();
  return { app, database, config };
}

/** A local object store in a folder of its own, removed when the app closes it. */
async function temporaryObjectStore(): Promise<ObjectStore> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-test-files-'));
  return {
    ...createLocalObjectStore(dir),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
