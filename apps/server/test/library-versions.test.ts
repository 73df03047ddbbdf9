import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import { seedLibraryDocuments } from '@deck-portal/deck-engine';
import type { DeckDraftInput } from '@deck-portal/domain';
import { deckVersions, libraryVersions } from '../src/db/schema.ts';
import { builtInLibraryNote, seedLibrary } from '../src/library/library-versions.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { newAccount, sessionCookieOf, setAccount, signIn, signUp } from './helpers/accounts.ts';

// Decks are drawn from the newest content library version and record it; read off the slides
// the rep is served, through the real renderer.
let t: TestApp;
let rep: string;

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
  const account = newAccount('Library Rep');
  await signUp(t.app, account);
  await setAccount(t.app, account.email, { status: 'approved', role: 'sales_rep' });
  rep = sessionCookieOf(await signIn(t.app, account))!;
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const draft: DeckDraftInput = {
  basicInfo: {
    deckTitle: 'Library check',
    clientName: 'Northwind Pharmacies',
    date: '2026-11-21',
    primaryContact: 'Dana Lee',
    mode: 'simple',
  },
  productSelection: {
    selectedProducts: [{ id: 'data_logger', quantity: 10, customPricing: 29.99 }],
    includePricing: false,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title', 'about-us'], customSlides: [] },
};

function request(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: rep, prefer: 'wait=60' },
    ...(payload ? { payload } : {}),
  });
}

async function slideText(deckId: string, version?: number) {
  const list = await request(
    'GET',
    `/api/decks/${deckId}/slides${version ? `?version=${version}` : ''}`,
  );
  expect(list.statusCode, list.body).toBe(200);
  const slides = list.json().slides as { url: string }[];
  return (
    await Promise.all(slides.map(async (slide) => (await request('GET', slide.url)).body))
  ).join('\n');
}

async function libraryVersionOf(deckId: string, number: number) {
  const [row] = await t.database.db
    .select({ libraryVersion: deckVersions.libraryVersion })
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, number)));
  return row?.libraryVersion;
}

describe('content library versions', () => {
  it('stores the built-in library as version 1 at the first start, once', async () => {
    await seedLibrary(t.database.db);
    const rows = await t.database.db.select().from(libraryVersions);
    expect(rows.map((row) => [row.number, row.note])).toEqual([[1, builtInLibraryNote]]);
    // Stored as written, keys in their order: a slide's figures are computed in that order.
    expect(JSON.stringify(rows[0]!.documents)).toBe(JSON.stringify(seedLibraryDocuments()));
  });

  it('draws each deck from the newest version and records it; older decks keep theirs', async () => {
    const first = await request('POST', '/api/generate-slides', draft);
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().presentationId as string;
    expect(await libraryVersionOf(firstId, 1)).toBe(1);
    expect(await slideText(firstId)).not.toContain('Who we are, for');

    // A second version of the library, as publishing will store it.
    const documents = structuredClone(seedLibraryDocuments());
    documents.slides.find((slide) => slide.id === 'about-us')!.heading =
      'Who we are, for {{client.name}}';
    await t.database.db
      .insert(libraryVersions)
      .values({ number: 2, note: 'New heading', documents });

    const second = await request('POST', '/api/generate-slides', draft);
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().presentationId as string;
    expect(await slideText(secondId)).toContain('Who we are, for Northwind Pharmacies');
    expect(await libraryVersionOf(secondId, 1)).toBe(2);
    // The deck made before is served as it was made, and its page says a newer library exists.
    expect(await slideText(firstId)).not.toContain('Who we are, for');
    const details = await request('GET', `/api/decks/${firstId}`);
    expect(details.json()).toMatchObject({ libraryVersion: 1, newestLibraryVersion: 2 });

    // Its next version (Modify → Generate) is drawn from the newest library, and says so.
    const next = await request('POST', `/api/decks/${firstId}/versions`, draft);
    expect(next.statusCode, next.body).toBe(201);
    expect(await libraryVersionOf(firstId, 2)).toBe(2);
    expect((await request('GET', `/api/decks/${firstId}`)).json()).toMatchObject({
      libraryVersion: 2,
      newestLibraryVersion: 2,
    });
    expect(await slideText(firstId, 2)).toContain('Who we are, for Northwind Pharmacies');
    // Restoring version 1 brings back its files and the library version they were drawn from.
    const restored = await request('POST', `/api/decks/${firstId}/versions/1/restore`);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(await libraryVersionOf(firstId, 3)).toBe(1);
    expect(await slideText(firstId, 3)).not.toContain('Who we are, for');
  }, 120_000);
});
