import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { embeddedDatabaseImage, openDatabase } from '../src/db/database.ts';
import { createThrowawayDatabase } from './helpers/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's archive (test/helpers/test-database.ts starts from it). */
    embeddedDatabaseImage: string | null;
    /** On PostgreSQL, a migrated database each test database is created from. */
    postgresTemplate: string | null;
  }
}

/**
 * Before the server's test files: one migrated database that each test database starts as a copy
 * of, rather than migrating its own. Embedded, an archive of it (a copy opens in two seconds, an
 * empty database in four); on PostgreSQL (TEST_DATABASE_URL), a template database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createThrowawayDatabase(serverUrl);
    await (await openDatabase({ driver: 'postgres', url: template.url })).close();
    project.provide('embeddedDatabaseImage', null);
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-test-db-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, await embeddedDatabaseImage());
  project.provide('embeddedDatabaseImage', file);
  project.provide('postgresTemplate', null);
  return () => rm(dir, { recursive: true, force: true });
}
