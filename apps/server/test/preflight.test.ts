import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  libraryMessages,
  type DeckDraftInput,
  type SlideFinding,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { auditLog, libraryVersions } from '../src/db/schema.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { useLibraryEditors, type Who } from './helpers/library-editors.ts';
import type { TestApp } from './helpers/test-app.ts';

// Preflight: the editor is told what a client should not read before publishing (and publishes
// past it only with a reason); the rep is told what concerns their deck before sending it.
const { world, call } = useLibraryEditors({ deckRenderer: createFakeDeckRenderer(3) });
let t: TestApp;
beforeAll(() => {
  t = world.t;
});

async function findings(url: string, who: Who = 'editor') {
  const response = await call(who, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().findings as SlideFinding[];
}

async function editAboutUs(change: (document: TemplateSlideDocument) => void) {
  const opened = (await call('editor', 'GET', '/api/library/slides/about-us')).json();
  const document = structuredClone(opened.document) as TemplateSlideDocument;
  change(document);
  const saved = await call('editor', 'PUT', '/api/library/slides/about-us', {
    revision: opened.revision,
    document,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const draft = (clientName: string): DeckDraftInput => ({
  basicInfo: {
    deckTitle: 'Spring proposal',
    clientName,
    date: '2026-11-21',
    primaryContact: 'Dana Lee',
    mode: 'simple',
  },
  productSelection: {
    selectedProducts: [{ id: 'controller', quantity: 4, customPricing: 249 }],
    includePricing: true,
    customPricing: {},
  },
  templateCustomization: { selectedSlides: ['title', 'about-us'], customSlides: [] },
});

async function generate(clientName: string) {
  const response = await call('rep', 'POST', '/api/generate-slides', draft(clientName));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().presentationId as string;
}

describe('preflight at publish', () => {
  it('finds nothing on the seeded library, and publishing needs no reason', async () => {
    expect(await findings('/api/library/preflight')).toEqual([]);
    expect((await call('rep', 'GET', '/api/library/preflight')).statusCode).toBe(403);
  });

  it('names an unfinished slide and refuses to publish it without a reason', async () => {
    await editAboutUs((document) => {
      document.heading = 'TODO: who we are, in a sentence';
    });
    const found = await findings('/api/library/preflight');
    expect(found).toEqual([
      expect.objectContaining({
        slideId: 'about-us',
        slideTitle: 'About Frostline',
        kind: 'placeholder-text',
        message: expect.stringContaining('placeholder words (“TODO”)'),
      }),
    ]);

    const refused = await call('editor', 'POST', '/api/library/publish', { note: 'New heading' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'preflight_findings',
      fields: { reason: libraryMessages.reasonNeeded },
    });
    expect(refused.json().error.message).toBe(
      "The draft's slides have 1 thing to check before a client sees them (“About Frostline”: The text “TODO: who we are, in a…” still holds placeholder words (“TODO”): finish it before a client reads it). Fix them, or say why they may go out as they are.",
    );
    const blank = await call('editor', 'POST', '/api/library/publish', {
      note: 'New heading',
      reason: '   ',
    });
    expect(blank.statusCode).toBe(409);
    expect(await t.database.db.select().from(libraryVersions)).toHaveLength(1);
  });

  it('publishes with a reason, kept with the version and in the audit log', async () => {
    const published = await call('editor', 'POST', '/api/library/publish', {
      note: 'New heading',
      reason: 'The heading is finished by Friday; reps were told',
    });
    expect(published.statusCode, published.body).toBe(201);
    const kept =
      'Published with 1 thing to check: The heading is finished by Friday; reps were told';
    expect(published.json()).toEqual({
      number: 2,
      changes: ['Edited slide “About Frostline”', kept],
    });
    const versions = (await call('editor', 'GET', '/api/library/versions')).json().versions;
    expect(versions[0]).toMatchObject({ number: 2, note: 'New heading' });
    expect(versions[0].changes).toContain(kept);
    const [audit] = await t.database.db
      .select({ newValue: auditLog.newValue })
      .from(auditLog)
      .where(eq(auditLog.action, 'library.published'));
    expect(audit?.newValue).toBe(`2: New heading (${kept})`);
  });
});

describe('preflight of a deck', () => {
  it("tells the rep what concerns their deck, as filled with their client's data", async () => {
    // Version 2 of the library, published above, has the unfinished heading on about-us.
    const deckId = await generate('Harbor Fresh Foods');
    const response = await call('rep', 'GET', `/api/decks/${deckId}/preflight`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      version: 1,
      findings: [
        expect.objectContaining({
          slideId: 'about-us',
          slideNumber: 2,
          slideTitle: 'About Frostline',
          kind: 'placeholder-text',
        }),
      ],
    });
    // Nobody else's business: another rep is told there is no such deck.
    expect((await call('otherRep', 'GET', `/api/decks/${deckId}/preflight`)).statusCode).toBe(404);
    expect((await call('rep', 'GET', `/api/decks/${deckId}/preflight?version=7`)).statusCode).toBe(
      404,
    );
  });

  it('finds nothing once the slide is fixed and a deck is made from the fixed library', async () => {
    await editAboutUs((document) => {
      document.heading = 'Who we are';
    });
    expect(await findings('/api/library/preflight')).toEqual([]);
    const published = await call('editor', 'POST', '/api/library/publish', { note: 'Fixed' });
    expect(published.statusCode, published.body).toBe(201);
    const deckId = await generate('Northwind Pharmacies');
    expect(await findings(`/api/decks/${deckId}/preflight`, 'rep')).toEqual([]);
  });
});
