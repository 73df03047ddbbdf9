import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/helpers/server-process.ts';
import { AppError } from '../http/app-error.ts';
import { driverErrorOf, isDatabaseUnavailable } from './database-errors.ts';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** An error as pg's protocol parser builds it from a server's ErrorResponse. */
function serverError(code: string, message = 'reported by the server') {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), {
    code,
    severity: 'FATAL',
  });
}

describe('isDatabaseUnavailable on PostgreSQL (pg)', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    // Nothing listens on a port that was free a moment ago: every connect is refused.
    pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/x` });
  });
  afterAll(() => pool.end());

  it('recognises a refused connection, wrapped by Drizzle or straight from the pool', async () => {
    const wrapped = await failureOf(drizzlePg(pool).execute(sql`select ${'a value'}::text`));
    expect(wrapped).toBeInstanceOf(DrizzleQueryError);
    expect(driverErrorOf(wrapped)).toHaveProperty('code', 'ECONNREFUSED');
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    // A transaction connects before Drizzle runs any query: the error arrives unwrapped.
    const raw = await failureOf(drizzlePg(pool).transaction(async () => {}));
    expect(raw).toHaveProperty('code', 'ECONNREFUSED');
    expect(isDatabaseUnavailable(raw)).toBe(true);
  });

  it.each([
    ['57P01', 'admin_shutdown'],
    ['57P02', 'crash_shutdown'],
    ['57P03', 'cannot_connect_now'],
    ['08006', 'connection_failure'],
    ['08001', 'sqlclient_unable_to_establish_sqlconnection'],
    ['53300', 'too_many_connections'],
  ])('recognises SQLSTATE %s (%s)', (code) => {
    expect(isDatabaseUnavailable(serverError(code))).toBe(true);
  });

  it.each([
    ['23505', 'unique_violation'],
    ['22P02', 'invalid_text_representation'],
    ['42P01', 'undefined_table'],
    ['40001', 'serialization_failure'],
  ])('leaves SQLSTATE %s (%s) to be a real error', (code) => {
    expect(isDatabaseUnavailable(serverError(code))).toBe(false);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Cannot use a pool after calling end on the pool',
  ])('recognises pg\'s "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it.each(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'])('recognises a socket %s', (code) => {
    expect(isDatabaseUnavailable(Object.assign(new Error(code), { code }))).toBe(true);
  });

  it('recognises a missing socket file only when connecting', () => {
    const connect = Object.assign(new Error('connect ENOENT /run/pg/.s.PGSQL.5432'), {
      code: 'ENOENT',
      syscall: 'connect',
    });
    const open = Object.assign(new Error('ENOENT: no such file'), {
      code: 'ENOENT',
      syscall: 'open',
    });
    expect(isDatabaseUnavailable(connect)).toBe(true);
    expect(isDatabaseUnavailable(open)).toBe(false);
  });
});

describe('isDatabaseUnavailable on the embedded database (PGlite)', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('create table people (id uuid primary key, email text unique)');
    await client.exec(`insert into people values (gen_random_uuid(), 'taken@example.com')`);
  });
  afterAll(() => client.close());

  it('leaves a statement the database refused to be a real error', async () => {
    const db = drizzlePglite(client);
    const duplicate = await failureOf(
      db.execute(sql`insert into people values (gen_random_uuid(), ${'taken@example.com'})`),
    );
    expect(driverErrorOf(duplicate)).toHaveProperty('code', '23505');
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    const badId = await failureOf(db.execute(sql`select * from people where id = ${'x'}`));
    expect(driverErrorOf(badId)).toHaveProperty('code', '22P02');
    expect(isDatabaseUnavailable(badId)).toBe(false);
  });

  it('recognises a closed database, wrapped by Drizzle or not', async () => {
    const closed = await PGlite.create();
    await closed.close();
    const wrapped = await failureOf(drizzlePglite(closed).execute(sql`select 1`));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const raw = await failureOf(closed.query('select 1'));
    expect(raw).toHaveProperty('message', 'PGlite is closed');
    expect(isDatabaseUnavailable(raw)).toBe(true);
  });
});

describe('isDatabaseUnavailable on other errors', () => {
  it.each([
    ['a plain error', new Error('boom')],
    ['a type error', new TypeError('x is not a function')],
    ['an AppError', new AppError('not_found', 'Not found.')],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
  ])('answers false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
