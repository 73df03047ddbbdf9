import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isServerReportedError } from './database-errors.ts';
import {
  DATABASE_THREAD_YOUNG_GENERATION_MB,
  openEmbeddedDatabaseThread,
  type EmbeddedClient,
  type EmbeddedThreadClient,
} from './embedded-database-thread.ts';
import { withReadCache } from './read-cache.ts';

let db: EmbeddedThreadClient;

// One database thread for the file (starting one takes seconds), its table made anew each test.
beforeAll(async () => {
  db = await openEmbeddedDatabaseThread(undefined);
});

afterAll(async () => {
  await db.close();
});

beforeEach(async () => {
  await db.exec(`drop table if exists items;
    create table items (id int primary key, name text unique, tags jsonb, body bytea,
    at timestamptz)`);
});

describe('the embedded database on its own thread', () => {
  it("runs with a young generation of its own size, not V8's default of 48 MB", () => {
    expect(DATABASE_THREAD_YOUNG_GENERATION_MB).toBeLessThan(48);
    expect(db.resourceLimits.maxYoungGenerationSizeMb).toBe(DATABASE_THREAD_YOUNG_GENERATION_MB);
  });

  it('answers rows with their values as PGlite gives them', async () => {
    const at = new Date('2026-11-23T10:00:00Z');
    await db.query('insert into items values ($1, $2, $3, $4, $5)', [
      1,
      'one',
      JSON.stringify(['a', 'b']),
      Buffer.from('bytes'),
      at,
    ]);
    const { rows, affectedRows } = await db.query<{
      name: string;
      tags: string[];
      body: Uint8Array;
      at: Date;
    }>('select name, tags, body, at from items');
    expect(affectedRows).toBe(0);
    expect(rows[0]!.name).toBe('one');
    expect(rows[0]!.tags).toEqual(['a', 'b']);
    expect(Buffer.from(rows[0]!.body).toString()).toBe('bytes');
    expect(rows[0]!.at).toEqual(at);
    const asArray = await db.query('select id, name from items', [], { rowMode: 'array' });
    expect(asArray.rows).toEqual([[1, 'one']]);
  });

  it('keeps a timestamp as text when the caller parses it itself, as Drizzle does', async () => {
    await db.query(`insert into items (id, at) values (1, '2026-11-23T10:00:00Z')`);
    const { rows } = await db.query<{ at: string }>('select at from items', [], {
      parsers: { 1184: (value: string) => value },
    });
    expect(rows[0]!.at).toBe('2026-11-23 10:00:00+00');
  });

  it("hands back the server's error with its code and constraint", async () => {
    await db.query(`insert into items (id, name) values (1, 'one')`);
    const error = await db
      .query(`insert into items (id, name) values (2, 'one')`)
      .catch((caught: unknown) => caught);
    expect(isServerReportedError(error)).toBe(true);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_name_key' });
    expect((error as Error).message).toMatch(/duplicate key/);
  });

  it('commits a transaction whose callback ends, and rolls back one that throws', async () => {
    const kept = await db.transaction(async (tx) => {
      await tx.query(`insert into items (id) values (1)`);
      return 'kept';
    });
    expect(kept).toBe('kept');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into items (id) values (2)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query(`insert into items (id) values (3)`);
      await tx.rollback();
    });
    const { rows } = await db.query<{ id: number }>('select id from items order by id');
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it('runs statements outside a transaction after it, never inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into items (id) values (1)`);
      await held;
      await tx.query(`insert into items (id) values (2)`);
      throw new Error('roll back');
    });
    const outside = db.query<{ n: number }>('select count(*)::int as n from items');
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect((await outside).rows[0]!.n).toBe(0);
  });

  it("sends a transaction's statements before it has begun; they run in the order sent once it has", async () => {
    // The first transaction holds the connection; the second cannot begin until it ends, yet its
    // callback runs at once and sends its statements, without waiting for each other either: the
    // database thread keeps them until the transaction has begun (ADR 071).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await tx.query(`insert into items (id, name) values (1, 'one')`);
      await held;
    });
    let isSent = false;
    const second = db.transaction((tx) => {
      isSent = true;
      return Promise.all([
        tx.query(`update items set name = 'uno' where id = 1`),
        tx.query(`insert into items (id, name) values (2, 'two')`),
        tx.query<{ name: string }>('select name from items order by id'),
      ]);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isSent).toBe(true);
    release();
    await first;
    const [updated, , read] = await second;
    expect(updated.affectedRows).toBe(1);
    expect(read.rows).toEqual([{ name: 'uno' }, { name: 'two' }]);
    // A failing one rolls back those sent with it; the next transaction begins afresh.
    const failed = await db
      .transaction((tx) =>
        Promise.all([
          tx.query(`insert into items (id, name) values (3, 'three')`),
          tx.query(`insert into items (id, name) values (4, 'uno')`),
        ]),
      )
      .catch((caught: unknown) => caught);
    expect(failed).toHaveProperty('code', '23505');
    const { rows } = await db.query<{ id: number }>('select id from items order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('ends a transaction not yet begun after the statements sent before its end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async () => {
      await held;
    });
    // Its callback does not wait for its statement: the end is sent right behind it, and both
    // wait for the transaction's beginning on the database thread.
    let inserting: Promise<unknown> | undefined;
    const second = db.transaction(async (tx) => {
      inserting = tx.query(`insert into items (id, name) values (5, 'five')`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([first, second, inserting]);
    const { rows } = await db.query<{ name: string }>('select name from items where id = 5');
    expect(rows).toEqual([{ name: 'five' }]);
  });

  it('delivers notifications to listeners until they stop', async () => {
    const heard: string[] = [];
    const stop = await db.listen('news', (payload) => heard.push(payload));
    await db.query(`select pg_notify('news', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await db.query(`select pg_notify('news', 'second')`);
    await db.query('select 1');
    expect(heard).toEqual(['first']);
  });

  it('tells a notification after the answer of the statement that sent it', async () => {
    // PGlite reads a notification out of the answer of the statement that sent it. A listener
    // that reads again on hearing it (a deck's follower on its job's end) must see that write,
    // through the read cache too, which drops what a write changed once the write answers.
    const cached = withReadCache(db);
    await cached.query(`insert into items (id, name) values (1, 'one')`);
    const answered: string[] = [];
    const heard: { payload: string; answered: string[]; name: string }[] = [];
    const stop = await db.listen('news', (payload) => {
      const then = [...answered];
      void cached
        .query<{ name: string }>('select name from items where id = 1')
        .then(({ rows }) => heard.push({ payload, answered: then, name: rows[0]!.name }));
    });
    expect(
      (await cached.query<{ name: string }>('select name from items where id = 1')).rows,
    ).toEqual([{ name: 'one' }]);
    await cached.query(
      `update items set name = 'two' where id = 1 returning pg_notify('news', 'update')`,
    );
    answered.push('update');
    await expect.poll(() => heard).toHaveLength(1);
    await cached.query('select name from items where id = 1');
    await cached.transaction(async (tx) => {
      await tx.query(`update items set name = 'three' where id = 1`);
      await tx.query(`select pg_notify('news', 'transaction')`);
    });
    answered.push('transaction');
    await expect.poll(() => heard).toHaveLength(2);
    await stop();
    expect(heard).toEqual([
      { payload: 'update', answered: ['update'], name: 'two' },
      { payload: 'transaction', answered: ['update', 'transaction'], name: 'three' },
    ]);
  });

  it('says it is closed, as PGlite does, once closed', async () => {
    const closed = await openEmbeddedDatabaseThread(undefined);
    await closed.close();
    const error = await closed.query('select 1').catch((caught: unknown) => caught);
    expect(error).toHaveProperty('message', 'PGlite is closed');
    expect(isDatabaseUnavailable(error)).toBe(true);
    // A transaction too, though its beginning is not waited for before its first statement.
    const inTransaction = await closed
      .transaction((tx) => tx.query('select 1'))
      .catch((caught: unknown) => caught);
    expect(inTransaction).toHaveProperty('message', 'PGlite is closed');
  });

  it('starts as a copy of another database, which goes on apart from it', async () => {
    await db.query(`insert into items (id, name) values (1, 'one')`);
    const copy = await openEmbeddedDatabaseThread(undefined, { copyOf: await db.dump() });
    try {
      await copy.query(`insert into items (id, name) values (2, 'two')`);
      const names = async (of: EmbeddedClient) =>
        (await of.query<{ name: string }>('select name from items order by id')).rows;
      expect(await names(copy)).toEqual([{ name: 'one' }, { name: 'two' }]);
      expect(await names(db)).toEqual([{ name: 'one' }]);
    } finally {
      await copy.close();
    }
  });

  it('keeps its data in a directory, for the next start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-db-'));
    try {
      const first = await openEmbeddedDatabaseThread(dir);
      await first.exec(`create table kept (id int); insert into kept values (7)`);
      await first.close();
      const second = await openEmbeddedDatabaseThread(dir);
      const { rows } = await second.query<{ id: number }>('select id from kept');
      await second.close();
      expect(rows).toEqual([{ id: 7 }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
