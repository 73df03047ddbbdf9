import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { reusedEmbeddedDatabase } from './reused-embedded-database.ts';

let migratedImage: Promise<Uint8Array | undefined> | undefined;

/** The migrated database test/global-setup.ts kept, read once per worker. */
function migratedEmbeddedImage() {
  const file = inject('embeddedDatabaseImage');
  migratedImage ??= file ? readFile(file) : Promise.resolve(undefined);
  return migratedImage;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when TEST_DATABASE_URL is
 * set, a new throwaway database on that PostgreSQL server; either a copy of one migrated before
 * the tests began (test/global-setup.ts). An embedded one may be an earlier file's, emptied
 * (reused-embedded-database.ts).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const copyOf = await migratedEmbeddedImage();
    return copyOf
      ? reusedEmbeddedDatabase(copyOf)
      : openDatabase({ driver: 'pglite', dataDir: undefined });
  }

  const template = inject('postgresTemplate');
  const throwaway = await createThrowawayDatabase(serverUrl, template ? { template } : {});
  const database = await openDatabase({ driver: 'postgres', url: throwaway.url });
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      await close();
      await throwaway.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, and how to drop it: empty, or a copy
 * of the `template` database (one nobody is connected to).
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  { template }: { template?: string } = {},
) {
  const name = `deck_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const testDatabaseDriver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
