import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedUrl, logSerializers, redactLinkTokens, serializeError } from './log-serializers.ts';

describe('redactLinkTokens', () => {
  it('hides the token of the client page and of its API, keeping the rest of the address', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    expect(redactLinkTokens(`/v/${token}`)).toBe('/v/[token]');
    expect(redactLinkTokens(`/api/client-view/${token}/slides/3?x=1`)).toBe(
      '/api/client-view/[token]/slides/3?x=1',
    );
  });

  it('leaves other addresses alone', () => {
    expect(redactLinkTokens('/api/decks/123/slides/1')).toBe('/api/decks/123/slides/1');
    expect(redactLinkTokens('/dashboard')).toBe('/dashboard');
  });
});

describe('loggedUrl', () => {
  it('keeps query strings out: reset and invitation tokens, the Google code and state', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    expect(loggedUrl(`/auth/reset?token=${token}`)).toBe('/auth/reset?[query]');
    expect(loggedUrl(`/auth/invite?token=${token}`)).toBe('/auth/invite?[query]');
    expect(loggedUrl('/api/auth/google/callback?code=secret-code&state=secret-state')).toBe(
      '/api/auth/google/callback?[query]',
    );
    expect(loggedUrl(`/v/${token}?utm=1`)).toBe('/v/[token]?[query]');
    expect(loggedUrl('/api/decks')).toBe('/api/decks');
  });
});

describe('serializeError', () => {
  const email = 'jane.customer@example.com';
  const tokenHash = 'c2VjcmV0LXRva2VuLWhhc2gtdGhhdC1tdXN0LW5vdC1sZWFr';
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('create table people (id uuid primary key, email text unique, token text)');
    await client.exec(`insert into people values (gen_random_uuid(), '${email}', 'x')`);
  });
  afterAll(() => client.close());

  async function failureOf(promise: Promise<unknown>): Promise<Error> {
    try {
      await promise;
    } catch (error) {
      return error as Error;
    }
    throw new Error('expected the call to fail');
  }

  it('logs a failed query as its kind and statement, without the values it ran with', async () => {
    const error = await failureOf(
      drizzle(client).execute(
        sql`insert into people values (gen_random_uuid(), ${email}, ${tokenHash})`,
      ),
    );
    // The driver's own error would have told: the message, the detail, the parameters.
    expect(`${error.message} ${JSON.stringify(error.cause)}`).toContain(email);

    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      statement: 'insert into people values (gen_random_uuid(), $1, $2)',
      cause: {
        type: 'DatabaseError',
        code: '23505',
        severity: 'ERROR',
        table: 'people',
        constraint: 'people_email_key',
      },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query\n\s+at /);
    const line = JSON.stringify(logged);
    expect(line).not.toContain(email);
    expect(line).not.toContain(tokenHash);
    expect(line).not.toContain('already exists');
  });

  it('leaves out a server message that quotes a value', async () => {
    const error = await failureOf(
      drizzle(client).execute(sql`select * from people where id = ${tokenHash}`),
    );
    expect((error.cause as Error).message).toContain(tokenHash);
    const logged = serializeError(error);
    expect(logged.cause).toMatchObject({ code: '22P02', message: 'SQLSTATE 22P02' });
    expect(JSON.stringify(logged)).not.toContain(tokenHash);
  });

  it('marks a database that cannot be reached, keeping the driver’s fixed words', () => {
    // What Drizzle throws once PGlite is closed (database-errors.test.ts meets the real one).
    const error = new DrizzleQueryError(
      'select * from people where email = $1',
      [email],
      new Error('PGlite is closed'),
    );
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      kind: 'database_unavailable',
      statement: 'select * from people where email = $1',
      cause: { type: 'Error', message: 'PGlite is closed' },
    });
    expect(JSON.stringify(logged)).not.toContain(email);
  });

  it('keeps other errors as pino would, with their causes nested', () => {
    const cause = Object.assign(new Error('socket closed'), { code: 'ECONNRESET' });
    const error = Object.assign(new Error('upload failed', { cause }), { statusCode: 502 });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: 'upload failed',
      statusCode: 502,
      stack: expect.stringContaining('upload failed'),
      cause: { type: 'Error', message: 'socket closed', code: 'ECONNRESET' },
    });
  });

  it('is the serializer pino uses for `err`', () => {
    expect(logSerializers.err).toBe(serializeError);
  });
});
