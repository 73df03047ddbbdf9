import * as drizzle from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckListResponse } from '@deck-portal/domain';
import { createApiToken } from '../src/api-tokens/create-api-token.ts';
import { findApiTokenUser } from '../src/api-tokens/find-api-token-user.ts';
import { deckListApp, type DeckListApp } from './helpers/deck-list-app.ts';
import { testDatabaseDriver } from './helpers/test-database.ts';

/** Drizzle's own row mapping: exported, but left out of its types as internal. */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joins?: Record<string, boolean>): unknown;
};

/** What a prepared statement of either driver holds, as `rows-mapped-once.ts` reads it. */
type Prepared = {
  queryString?: string;
  queryConfig?: { text?: string };
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: ((rows: unknown[][]) => unknown[]) & { compared?: true };
  execute(...args: unknown[]): Promise<unknown>;
};

/** Each statement run (its SQL, and whether it mapped its rows once), and the answers compared. */
const seen = { runs: [] as { sql: string; mapped: boolean }[], answers: 0, rows: 0 };

/**
 * Both drivers' prepared statements watched while the test runs (the test files share modules,
 * so the statements are reached through Drizzle's classes): each run is noted, and each answer
 * a statement's own mapper gives is compared with what Drizzle's mapping makes of the same rows.
 */
const watched = [PglitePreparedQuery.prototype, NodePgPreparedQuery.prototype].map((prototype) => {
  const target = prototype as unknown as Prepared;
  const execute = target.execute;
  target.execute = function (this: Prepared, ...args: unknown[]) {
    const mapper = this.customResultMapper;
    seen.runs.push({
      sql: this.queryString ?? this.queryConfig?.text ?? '',
      mapped: typeof mapper === 'function',
    });
    if (mapper && !mapper.compared) {
      this.customResultMapper = Object.assign(
        (rows: unknown[][]) => {
          const mapped = mapper(rows);
          expect(mapped).toStrictEqual(
            rows.map((row) => mapResultRow(this.fields, row, this.joinsNotNullableMap)),
          );
          seen.answers += 1;
          seen.rows += rows.length;
          return mapped;
        },
        { compared: true as const },
      );
    }
    return execute.apply(this, args);
  };
  return () => {
    target.execute = execute;
  };
});

let w: DeckListApp;

beforeAll(async () => {
  w = await deckListApp();
  await w.writeNumberedDecks({
    count: 60,
    title: 'Deck ',
    clientName: sql`'Client ' || n || case n % 3 when 0 then ' Cold Storage' else ' GmbH' end`,
    from: '2026-01-01T00:00:00Z',
    step: '1 hour',
  });
  await w.writeDecks([
    { title: 'Rare', clientName: 'Zephyrion Holdings', createdAt: '2026-03-01T00:00:00Z' },
  ]);
  await w.db.execute(sql`update decks set status = 'archived' where title = 'Deck 7'`);
  await w.db.execute(sql`update decks set status = 'failed' where title = 'Deck 8'`);
});

afterAll(async () => {
  await w.close();
  for (const restore of watched) restore();
});

describe(`the statements whose rows are mapped once (${testDatabaseDriver})`, () => {
  it("map every list's, session's and token's rows as Drizzle does", async () => {
    const all = '/api/decks?scope=all&pageSize=20';
    const first = await w.get<DeckListResponse>(all);
    expect(first.recentDecks).toHaveLength(20);
    await w.get(`${all}&after=${first.nextCursor}`);
    await w.get(`${all}&page=2`);
    await w.get(`${all}&archived=true`);
    await w.get(`${all}&approval=awaiting`);
    const [owner] = await w.rows<{ id: string }>(sql`select owner_id as id from decks limit 1`);
    await w.get(`${all}&owner=${owner!.id}`);
    // A client search of each kind: short texts, words with a number, a long rare word.
    for (const client of ['Client 5', 'Client 12 Cold Storage', 'Client 41 GmbH', 'zephyrion']) {
      const found = await w.get<DeckListResponse>(`${all}&client=${encodeURIComponent(client)}`);
      expect(found.recentDecks.length).toBeGreaterThan(0);
      if (found.nextCursor)
        await w.get(`${all}&client=${encodeURIComponent(client)}&after=${found.nextCursor}`);
    }
    await w.get('/api/recent-decks?pageSize=10');
    await w.get('/api/recent-decks?archived=true');

    const services = w.t.app.services;
    const [user] = await w.rows<{ id: string; email: string }>(
      sql`select id, email from users limit 1`,
    );
    const { token } = await createApiToken(services, {
      user: user!,
      request: { name: 'Export', scopes: ['decks:read'], expiresInDays: 30 },
    });
    expect((await findApiTokenUser(services, token)).user.id).toBe(user!.id);

    // Every run of a list's page, of the session lookup and of the token lookup mapped its rows
    // once, and gave the rows Drizzle's mapping gives.
    const runsOf = (pattern: RegExp) => seen.runs.filter((run) => pattern.test(run.sql));
    const lists = runsOf(/jsonb_path_query_array/);
    const sessions = runsOf(/from "sessions" inner join "users"/);
    const tokens = runsOf(/from "api_tokens" inner join "users"/);
    expect(lists.length).toBeGreaterThanOrEqual(12);
    expect(sessions.length).toBeGreaterThanOrEqual(12);
    expect(tokens).toHaveLength(1);
    expect([...lists, ...sessions, ...tokens].filter((run) => !run.mapped)).toEqual([]);
    expect(seen.answers).toBeGreaterThanOrEqual(25);
    expect(seen.rows).toBeGreaterThanOrEqual(100);
  });
});
