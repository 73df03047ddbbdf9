import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { statementsAtOnce } from './statements-at-once.ts';

/** A statement's answer the test gives when it chooses, and whether it was started. */
function statement<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const state = { started: false, promise, answer, fail };
  return Object.assign(state, {
    start: () => {
      state.started = true;
      return promise;
    },
  });
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

let embedded: PGlite;
let onEmbedded: Db;
// A pool that is never asked to connect: only its driver's kind matters here.
const pool = new pg.Pool({ host: '127.0.0.1', port: 1 });
const onPostgres = drizzlePg(pool) as unknown as Db;

beforeAll(async () => {
  embedded = await PGlite.create();
  onEmbedded = drizzlePglite(embedded) as unknown as Db;
});

afterAll(async () => {
  await embedded.close();
  await pool.end();
});

describe('statementsAtOnce on the embedded database', () => {
  it('starts every statement before any answers, and answers their results in order', async () => {
    const first = statement<number>();
    const second = statement<string>();
    const both = statementsAtOnce(onEmbedded, [first.start, second.start]);
    expect([first.started, second.started]).toEqual([true, true]);
    second.answer('rows');
    first.answer(1);
    await expect(both).resolves.toEqual([1, 'rows']);
  });

  it('throws the error that came first, and only once every statement has answered', async () => {
    const [first, second, third] = [statement<number>(), statement<number>(), statement<number>()];
    let settled = false;
    const all = statementsAtOnce(onEmbedded, [first.start, second.start, third.start]).finally(
      () => {
        settled = true;
      },
    );
    all.catch(() => undefined);
    second.fail(new Error('duplicate key'));
    first.fail(new Error('current transaction is aborted'));
    await settle();
    // A statement still on its way: the caller's rollback must not be sent before it answers.
    expect(settled).toBe(false);
    third.answer(3);
    await expect(all).rejects.toThrow('duplicate key');
  });
});

describe('statementsAtOnce on PostgreSQL', () => {
  it('runs them one after another: node-postgres takes one statement at a time', async () => {
    const first = statement<number>();
    const second = statement<string>();
    const both = statementsAtOnce(onPostgres, [first.start, second.start]);
    await settle();
    expect([first.started, second.started]).toEqual([true, false]);
    first.answer(1);
    await settle();
    expect(second.started).toBe(true);
    second.answer('rows');
    await expect(both).resolves.toEqual([1, 'rows']);
  });

  it('starts none after one that failed', async () => {
    const first = statement<number>();
    const second = statement<number>();
    const both = statementsAtOnce(onPostgres, [first.start, second.start]);
    first.fail(new Error('deadlock detected'));
    await expect(both).rejects.toThrow('deadlock detected');
    expect(second.started).toBe(false);
  });
});
