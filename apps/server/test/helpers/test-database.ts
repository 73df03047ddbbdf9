import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when
 * TEST_DATABASE_URL is set, a new throwaway database on that PostgreSQL server.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ driver: 'pglite', dataDir: undefined });

  const throwaway = await createThrowawayDatabase(serverUrl);
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

/** A new, empty database on the PostgreSQL server at `serverUrl`, and how to drop it. */
export async function createThrowawayDatabase(serverUrl: string) {
  const name = `deck_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
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
