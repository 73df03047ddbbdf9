import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { events, users } from '../src/db/schema.ts';
import { reusedEmbeddedDatabase } from './helpers/reused-embedded-database.ts';
import { testDatabaseDriver } from './helpers/test-database.ts';

// A setting of the database's one session outlives the emptying: what tells here that a file was
// handed the database the one before it closed, rather than a new copy.
const mark = (database: Database, value: string) =>
  database.db.execute(sql`select set_config('deck_portal_test.mark', ${value}, false)`);
const markOf = async (database: Database) => {
  const result = (await database.db.execute(
    sql`select current_setting('deck_portal_test.mark', true) as mark`,
  )) as unknown as { rows: { mark: string | null }[] };
  return result.rows[0]?.mark ?? null;
};

const event = (publicId: string) => ({
  publicId,
  type: 'deck.viewed',
  data: {},
  occurredAt: new Date(),
});

describe.skipIf(testDatabaseDriver !== 'pglite')('an embedded test database handed on', () => {
  const archive = async () => new Uint8Array(await readFile(inject('embeddedDatabaseImage')!));

  it('is empty again, its sequences and statistics as they began, and refuses its last file', async () => {
    const copyOf = await archive();
    const first = await reusedEmbeddedDatabase(copyOf);
    await first.db.insert(users).values({ email: 'kept@example.com', name: 'Kept' });
    await first.db.insert(events).values([event('evt_one'), event('evt_two')]);
    await first.db.execute(sql`analyze users`);
    await mark(first, 'first');
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toHaveProperty(
      'cause.message',
      'PGlite is closed',
    );

    const second = await reusedEmbeddedDatabase(copyOf);
    try {
      expect(await markOf(second)).toBe('first');
      expect(await second.db.select().from(users)).toEqual([]);
      const [added] = await second.db
        .insert(events)
        .values(event('evt_three'))
        .returning({ id: events.id });
      expect(added?.id).toBe(1);
      // Nor does the planner know what the last file's analyze found.
      const planner = (await second.db.execute(sql`
        select (select count(*)::int from pg_statistic where starelid = 'users'::regclass) as stats,
          (select reltuples from pg_class where oid = 'decks'::regclass) as decks`)) as unknown as {
        rows: { stats: number; decks: number }[];
      };
      expect(planner.rows[0]).toEqual({ stats: 0, decks: 0 });
    } finally {
      await second.close();
    }
  });

  it('is never one closed in the middle of a transaction, nor holds what that wrote', async () => {
    const copyOf = await archive();
    const first = await reusedEmbeddedDatabase(copyOf);
    await mark(first, 'busy');
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const transaction = first.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'late@example.com', name: 'Late' });
        await held;
      })
      .then(() => 'committed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Closing waits for the transaction, let go once the close has begun; it commits.
    const closing = first.close();
    finish();
    await closing;
    expect(await transaction).toBe('committed');

    const second = await reusedEmbeddedDatabase(copyOf);
    try {
      expect(await markOf(second)).not.toBe('busy');
      expect(await second.db.select().from(users)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
