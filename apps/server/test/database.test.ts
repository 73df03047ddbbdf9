import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { createTestDatabase, testDatabaseDriver } from './helpers/test-database.ts';

describe(`migrations on ${testDatabaseDriver}`, () => {
  it('create every table and record themselves', async () => {
    const database = await createTestDatabase();
    try {
      const tables = (await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      )) as unknown as { rows: { table_name: string }[] };
      const names = tables.rows.map((row) => row.table_name);
      expect(names).toEqual(expect.arrayContaining(['users', 'sessions']));
      const applied = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(applied.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('enforce the allowed roles and statuses', async () => {
    const database = await createTestDatabase();
    try {
      await expect(
        database.db
          .insert(users)
          .values({ email: 'a@example.com', name: 'A', role: 'wizard' as never }),
      ).rejects.toThrow();
      await expect(
        database.db
          .insert(users)
          .values({ email: 'b@example.com', name: 'B', status: 'zombie' as never }),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

describe('the embedded database on disk', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps rows across a close and reopen, and migrating again changes nothing', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-db-'));
    dirs.push(dataDir);
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await first.db.insert(users).values({ email: 'kept@example.com', name: 'Kept Row' });
    await first.close();

    const second = await openDatabase({ driver: 'pglite', dataDir });
    const rows = await second.db.select().from(users).where(eq(users.email, 'kept@example.com'));
    await second.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Kept Row',
      role: 'pending',
      status: 'pending_approval',
    });
  });
});
