import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decks, proposalResponses } from '../src/db/schema.ts';
import { bulkDeckDraftJson } from './helpers/bulk-decks.ts';
import { createAdmin } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// What clients accepted is evidence: the database keeps it whatever a statement asks, TRUNCATE
// included (it fires no row triggers, so the update and delete triggers alone let it through).

let t: TestApp;
let deckId = '';

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await createAdmin(t.app);
  const db = t.database.db;
  const [deck] = await db
    .insert(decks)
    .values({
      ownerId: user.id,
      title: 'Cold Chain Upgrade',
      clientName: 'Northwind Pharmacies',
      draft: JSON.parse(bulkDeckDraftJson),
      slideCount: 3,
      acceptedAt: new Date(),
    })
    .returning({ id: decks.id });
  deckId = deck!.id;
  await db.insert(proposalResponses).values({
    deckId,
    version: 1,
    kind: 'accepted',
    fullName: 'Jane Client',
    recordSha256: 'a'.repeat(64),
  });
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

/** Why the database refused a statement (drizzle wraps the database's error as the cause). */
async function refusal(statement: Promise<unknown>) {
  const error: unknown = await statement.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause instanceof Error ? cause.message : String(error);
}

async function namesOnRecord() {
  const rows = await t.database.db
    .select({ fullName: proposalResponses.fullName })
    .from(proposalResponses)
    .where(eq(proposalResponses.deckId, deckId));
  return rows.map((row) => row.fullName);
}

describe('the record of proposal responses', () => {
  it('cannot be emptied with TRUNCATE', async () => {
    expect(await refusal(t.database.db.execute(sql`TRUNCATE proposal_responses`))).toBe(
      'proposal_responses is append-only',
    );
    expect(await namesOnRecord()).toEqual(['Jane Client']);
  });

  it('cannot be emptied by truncating the decks it refers to', async () => {
    expect(await refusal(t.database.db.execute(sql`TRUNCATE decks CASCADE`))).toBe(
      'proposal_responses is append-only',
    );
    expect(await namesOnRecord()).toEqual(['Jane Client']);
    const [deck] = await t.database.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck?.title).toBe('Cold Chain Upgrade');
  });
});
