import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withReadCache } from './read-cache.ts';

let raw: PGlite;
let clock = 0;
let db: PGlite;
let asked: string[];

// One database for the file (starting one takes seconds), its tables made anew for each test.
beforeAll(async () => {
  raw = await PGlite.create();
});

afterAll(async () => {
  await raw.close();
});

beforeEach(async () => {
  await raw.exec(`
    drop table if exists items, notes;
    drop sequence if exists s;
    create table items (id int primary key, name text, tags jsonb);
    insert into items values (1, 'one', '["a"]');
    create table notes (id int primary key, body text);
  `);
  asked = [];
  const query = raw.query.bind(raw);
  vi.spyOn(raw, 'query').mockImplementation((sql, params, options) => {
    asked.push(sql);
    return query(sql, params, options);
  });
  clock = 0;
  db = withReadCache(raw, { now: () => clock });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const names = async () =>
  (await db.query<{ name: string }>('select name from items order by id')).rows.map((r) => r.name);

describe('the embedded database read cache', () => {
  it('answers a repeated read from memory, with the same rows', async () => {
    expect(await names()).toEqual(['one']);
    expect(await names()).toEqual(['one']);
    expect(asked).toHaveLength(1);
  });

  it('keys on the parameters and on how rows are wanted', async () => {
    const byId = (id: number) => db.query('select name from items where id = $1', [id]);
    expect((await byId(1)).rows).toEqual([{ name: 'one' }]);
    expect((await byId(2)).rows).toEqual([]);
    const asArray = await db.query('select name from items where id = $1', [1], {
      rowMode: 'array',
    });
    expect(asArray.rows).toEqual([['one']]);
    expect(asked).toHaveLength(3);
  });

  it('shows a write to the next read', async () => {
    await names();
    await db.query(`insert into items values (2, 'two', '[]')`);
    expect(await names()).toEqual(['one', 'two']);
    await db.query(`update items set name = 'uno' where id = 1`);
    expect(await names()).toEqual(['uno', 'two']);
    await db.query(`delete from items where id = 2`);
    expect(await names()).toEqual(['uno']);
  });

  it('shows what a transaction wrote, and reads inside it go to the database', async () => {
    await names();
    await db.transaction(async (tx) => {
      await tx.query(`update items set name = 'eins' where id = 1`);
      expect((await tx.query<{ name: string }>('select name from items')).rows).toEqual([
        { name: 'eins' },
      ]);
    });
    expect(await names()).toEqual(['eins']);
  });

  it('keeps answers from tables a write did not touch', async () => {
    await names();
    await db.query(`insert into notes values (1, 'a note')`);
    await db.query(`update "notes" set body = 'changed'`);
    await names();
    expect(asked.filter((sql) => sql.startsWith('select'))).toHaveLength(1);
    // A read joining the written table is read again.
    const joined = () =>
      db.query('select i.name, n.body from items i join notes n on n.id = i.id order by i.id');
    expect((await joined()).rows).toEqual([{ name: 'one', body: 'changed' }]);
    await db.query(`update notes set body = 'again'`);
    expect((await joined()).rows).toEqual([{ name: 'one', body: 'again' }]);
  });

  it('serves the state before a transaction while it runs, and its writes after', async () => {
    await names();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`update items set name = 'pending' where id = 1`);
      await held;
    });
    // Another caller, while the transaction is open: the committed state, from memory.
    expect(await names()).toEqual(['one']);
    release();
    await transaction;
    expect(await names()).toEqual(['pending']);
  });

  it('drops nothing for a notification, and never keeps it', async () => {
    await names();
    await db.query("select pg_notify('c', 'x')");
    await names();
    expect(asked.filter((sql) => sql.startsWith('select name'))).toHaveLength(1);
  });

  it('forgets on a script run with exec', async () => {
    await names();
    await db.exec(`update items set name = 'un' where id = 1`);
    expect(await names()).toEqual(['un']);
  });

  it('keeps its answers when an update or delete changed no row', async () => {
    await names();
    await db.query(`update items set name = 'x' where id = 99`);
    await db.query(`delete from items where id = 99`);
    await names();
    expect(asked.filter((sql) => sql.startsWith('select'))).toHaveLength(1);
  });

  it('keeps a read written with a `with`, and does not let it spoil other reads', async () => {
    const matched = () =>
      db.query<{ name: string; total: number }>(
        `with matched as (select id, name from items where name like $1)
         select name, (select count(*) from matched)::int as total from matched`,
        ['o%'],
      );
    await names();
    expect((await matched()).rows).toEqual([{ name: 'one', total: 1 }]);
    expect((await matched()).rows).toEqual([{ name: 'one', total: 1 }]);
    await names();
    expect(asked).toHaveLength(2);
    await db.query(`insert into items values (2, 'other', '[]')`);
    expect((await matched()).rows).toEqual([
      { name: 'one', total: 2 },
      { name: 'other', total: 2 },
    ]);
  });

  it('takes a `with` holding an insert, update or delete for the write it is', async () => {
    for (const [write, expected] of [
      [
        `with added as (insert into items values (2, 'two', '[]') returning id) select id from added`,
        ['one', 'two'],
      ],
      [
        `with changed as (update items set name = 'uno' where id = 1 returning id) select id from changed`,
        ['uno', 'two'],
      ],
      [`with gone as (delete from items where id = 2 returning id) select id from gone`, ['uno']],
    ] as const) {
      await names();
      await db.query(write);
      expect(await names()).toEqual(expected);
    }
  });

  it('never keeps a read that locks, notifies or takes a sequence value', async () => {
    for (const sql of [
      'select name from items for update',
      "select pg_notify('c', 'x')",
      "select nextval('s')",
    ]) {
      if (sql.includes('nextval')) await raw.exec('create sequence s');
      await db.query(sql);
      await db.query(sql);
    }
    expect(asked.filter((sql) => /for update|pg_notify|nextval/.test(sql))).toHaveLength(6);
  });

  it('hands out copies: changing an answer does not change the next one', async () => {
    const first = await db.query<{ tags: string[] }>('select tags from items');
    first.rows[0]!.tags.push('changed');
    const second = await db.query<{ tags: string[] }>('select tags from items');
    expect(second.rows[0]!.tags).toEqual(['a']);
  });

  it('copies nested JSON, a `__proto__` key as the object’s own, and bytes', async () => {
    const read = () =>
      db.query<{
        doc: { list: { n: number }[]; __proto__: { polluted: boolean } };
        bytes: Uint8Array;
      }>(
        `select '{"list": [{"n": 1}], "__proto__": {"polluted": true}}'::jsonb as doc, '\\x0102'::bytea as bytes from items`,
      );
    const first = await read();
    first.rows[0]!.doc.list[0]!.n = 2;
    first.rows[0]!.bytes[0] = 9;
    const [second] = (await read()).rows;
    expect(asked.filter((sql) => sql.includes('polluted'))).toHaveLength(1);
    expect(second!.doc.list).toEqual([{ n: 1 }]);
    expect(Object.getPrototypeOf(second!.doc)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(second!.doc, '__proto__')?.value).toEqual({
      polluted: true,
    });
    expect([...second!.bytes]).toEqual([1, 2]);
  });

  it('asks again once an answer is two seconds old', async () => {
    await names();
    clock = 1_999;
    await names();
    clock = 2_000;
    await names();
    expect(asked).toHaveLength(2);
  });

  it('does not keep an answer that was read while a write ran', async () => {
    // A write and a read issued together: the database runs them in turn, the read after.
    const [, read] = await Promise.all([
      db.query(`update items set name = 'late' where id = 1`),
      db.query<{ name: string }>('select name from items order by id'),
    ]);
    expect(read.rows).toEqual([{ name: 'late' }]);
    expect(await names()).toEqual(['late']);
    expect(asked.filter((sql) => sql.startsWith('select'))).toHaveLength(2);
  });

  it('asks the database once for the same read asked again before the answer came', async () => {
    const [a, b, c] = await Promise.all([names(), names(), names()]);
    expect([a, b, c]).toEqual([['one'], ['one'], ['one']]);
    expect(asked).toHaveLength(1);
  });

  it('does not give a read begun after a write the answer of one begun before it', async () => {
    const before = names();
    const write = db.query(`update items set name = 'uno' where id = 1`);
    const after = names();
    await write;
    expect(await before).toEqual(['one']);
    expect(await after).toEqual(['uno']);
    expect(asked.filter((sql) => sql.startsWith('select'))).toHaveLength(2);
  });

  it('gives each reader of one answer its own copy', async () => {
    const tags = () => db.query<{ tags: string[] }>('select tags from items where id = 1');
    const [first, second] = await Promise.all([tags(), tags()]);
    first.rows[0]!.tags.push('changed');
    expect(second.rows[0]!.tags).toEqual(['a']);
    expect((await tags()).rows[0]!.tags).toEqual(['a']);
  });
});
