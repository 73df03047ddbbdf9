import * as drizzle from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeckListResponse } from '@deck-portal/domain';
import { createApiToken } from '../src/api-tokens/create-api-token.ts';
import { findApiTokenUser } from '../src/api-tokens/find-api-token-user.ts';
import { deckListApp, type DeckListApp } from './helpers/deck-list-app.ts';
import { testDatabaseDriver } from './helpers/test-database.ts';

/** Drizzle's own row mapping: exported, but left out of its types as internal. */
const { mapResultRow } = drizzle as unknown as {
  mapResultRow(fields: unknown, row: unknown[], joins?: Record<string, boolean>): unknown;
};

type Internals = {
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

/** Every statement given to `rowsMappedOnce`, and each answer its mapper gave. */
const seen = vi.hoisted(() => ({
  statements: [] as { installed: boolean }[],
  answers: 0,
  rows: 0,
}));

// Each statement the portal gives to `rowsMappedOnce` is noted, and each answer its mapper
// gives is compared with what Drizzle's own mapping makes of the same rows.
vi.mock('../src/db/rows-mapped-once.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/db/rows-mapped-once.ts')>();
  return {
    rowsMappedOnce<P>(prepared: P): P {
      const internals = original.rowsMappedOnce(prepared) as Internals;
      const mapper = internals.customResultMapper;
      seen.statements.push({ installed: typeof mapper === 'function' });
      if (mapper) {
        internals.customResultMapper = (rows) => {
          const mapped = mapper(rows);
          expect(mapped).toStrictEqual(
            rows.map((row) => mapResultRow(internals.fields, row, internals.joinsNotNullableMap)),
          );
          seen.answers += 1;
          seen.rows += rows.length;
          return mapped;
        };
      }
      return prepared;
    },
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

    // Every statement given took the mapper (none is one whose objects Drizzle may make null),
    // and the lists, the session lookup and the token lookup were all answered through it.
    expect(seen.statements.length).toBeGreaterThanOrEqual(8);
    expect(seen.statements.filter((statement) => !statement.installed)).toEqual([]);
    expect(seen.answers).toBeGreaterThanOrEqual(20);
    expect(seen.rows).toBeGreaterThanOrEqual(100);
  });
});
