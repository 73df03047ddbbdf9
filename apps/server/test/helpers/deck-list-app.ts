import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { createFakeDeckRenderer } from './fake-deck-renderer.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createAdmin } from './accounts.ts';
import { bulkDeckDraftJson } from './bulk-decks.ts';

/** A deck written straight into the table: its title, client name, creation time and status. */
export type WrittenDeck = {
  title: string;
  clientName: string;
  createdAt: string;
  status?: string;
};

/**
 * An app with an admin signed in, for the tests of the deck lists at scale: histories are
 * written straight into the decks table (the API would take minutes for thousands of decks)
 * and the lists asked for through HTTP as the admin. Close it with `close()`.
 */
export async function deckListApp() {
  const t: TestApp = await createTestApp({ deckRenderer: createFakeDeckRenderer(1) });
  const admin = await createAdmin(t.app);
  const { db } = t.app.services;
  const ownerId = admin.user.id;
  return {
    t,
    db,
    cookie: admin.cookie,
    /**
     * Decks 1 … `count`, the admin's, titled `title` and their number, the client's name given
     * as SQL over `n` (the deck's number), made `step` apart after `from` (deck n at
     * from + n × step, so the highest number is the newest).
     */
    async writeNumberedDecks(options: {
      count: number;
      title: string;
      clientName: SQL;
      from: string;
      step: string;
    }) {
      await db.execute(sql`
        insert into decks (owner_id, title, client_name, draft, slide_count, created_at)
        select ${ownerId}, ${options.title} || n, ${options.clientName}, ${bulkDeckDraftJson}::jsonb,
          1, ${options.from}::timestamptz + n * ${options.step}::interval
        from generate_series(1, ${options.count}) as n`);
    },
    /** The decks given, the admin's, each as described. */
    async writeDecks(written: WrittenDeck[]) {
      for (const deck of written) {
        await db.execute(sql`
          insert into decks (owner_id, title, client_name, draft, slide_count, created_at, status)
          values (${ownerId}, ${deck.title}, ${deck.clientName}, ${bulkDeckDraftJson}::jsonb, 1,
            ${deck.createdAt}::timestamptz, ${deck.status ?? 'completed'})`);
      }
    },
    /** A list's answer to `url` asked for as the admin; it must be 200. */
    async get<T>(url: string): Promise<T> {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    },
    /** The rows of a raw statement, whichever driver answers it. */
    async rows<T>(query: SQL): Promise<T[]> {
      const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
      return Array.isArray(result) ? result : result.rows;
    },
    close: () => t.app.close(),
  };
}

export type DeckListApp = Awaited<ReturnType<typeof deckListApp>>;
