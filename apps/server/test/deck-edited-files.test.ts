import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckRenderer } from '@deck-portal/deck-engine/pool';
import type { EditedFile } from '@deck-portal/domain';
import { deckVersions } from '../src/db/schema.ts';
import { northwindDraft } from './helpers/northwind-draft.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedAccount } from './helpers/accounts.ts';

// An edited PowerPoint file brought back (issue 49), through the real renderer and importer:
// the deck's own file, changed as a person would in PowerPoint, becomes its next version.
let t: TestApp;
const cookies: Record<'rep' | 'viewer' | 'other', string> = {} as never;
const emails: Record<keyof typeof cookies, string> = {} as never;
let slideIds: string[];

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createDeckRenderer({ maxThreads: 1 }) });
  for (const key of ['rep', 'viewer', 'other'] as const) {
    const { account, cookie } = await approvedAccount(t.app, `${key} person`, 'sales_rep');
    cookies[key] = cookie;
    emails[key] = account.email;
  }
  const library = await t.app.inject({
    method: 'GET',
    url: '/api/template-slides',
    headers: { cookie: cookies.rep },
  });
  slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const headers = (cookie: string) => ({ cookie, origin: 'http://portal.test' });

/** A priced deck of `who`'s: two Battery Backups at $5,500 (list $5,995). */
async function newDeck(who: keyof typeof cookies = 'rep', title?: string) {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/generate-slides',
    headers: { ...headers(cookies[who]), prefer: 'wait=60' },
    payload: northwindDraft({
      slides: slideIds.slice(0, 3),
      products: [{ id: 'battery_backup', quantity: 2, customPricing: 5500 }],
      ...(title ? { title } : {}),
    }),
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().presentationId as string;
}

async function pptxOf(deckId: string, cookie = cookies.rep) {
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/decks/${deckId}/pptx`,
    headers: headers(cookie),
  });
  expect(file.statusCode).toBe(200);
  return new Uint8Array(file.rawPayload);
}

/** The file with `from` replaced by `to` in the first slide that says it. */
function edited(pptx: Uint8Array, changes: [from: string, to: string][]) {
  const parts = unzipSync(pptx);
  for (const [from, to] of changes) {
    const name = Object.keys(parts)
      .filter((part) => /^ppt\/slides\/slide\d+\.xml$/.test(part))
      .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
      .find((part) => strFromU8(parts[part]!).includes(from));
    if (!name) throw new Error(`no slide says ${from}`);
    parts[name] = strToU8(strFromU8(parts[name]!).replace(from, to));
  }
  return zipSync(parts);
}

async function upload(deckId: string, bytes: Uint8Array, cookie = cookies.rep) {
  return t.app.inject({
    method: 'POST',
    url: `/api/decks/${deckId}/edited-files?name=Northwind%20edited.pptx`,
    headers: {
      ...headers(cookie),
      'content-type': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    },
    payload: Buffer.from(bytes),
  });
}

/** Uploads and waits for the file to be read. */
async function broughtBack(deckId: string, bytes: Uint8Array): Promise<EditedFile> {
  const started = await upload(deckId, bytes);
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().id as string;
  for (let i = 0; i < 600; i++) {
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/edited-files/${id}`,
      headers: headers(cookies.rep),
    });
    if (state.json().state !== 'reading') return state.json();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the file was not read in a minute');
}

async function saveAsVersion(deckId: string, fileId: string, figures: 'file' | 'quote') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/decks/${deckId}/edited-files/${fileId}/versions`,
    headers: headers(cookies.rep),
    payload: { figures },
  });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 600; i++) {
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/generation`,
      headers: headers(cookies.rep),
    });
    if (state.json().status === 'completed' && state.json().version)
      return state.json().version as number;
    expect(state.json().status, state.body).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the version was not made in a minute');
}

async function versionRow(deckId: string, number: number) {
  const [row] = await t.database.db
    .select()
    .from(deckVersions)
    .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, number)));
  return row!;
}

describe('an edited PowerPoint file brought back', () => {
  it('lists the changed words and the price that differs from the quote; the price then goes to the deal desk', async () => {
    const deckId = await newDeck();
    const file = await broughtBack(
      deckId,
      edited(await pptxOf(deckId), [
        ['Northwind', 'Northwind Cold Storage Group'],
        ['$5,500.00', '$4,500.00'],
      ]),
    );
    expect(file).toMatchObject({ state: 'ready', error: null, baseVersion: 1 });
    const changed = file.changes.filter((change) => change.kind === 'changed');
    expect(changed.length).toBeGreaterThan(0);
    expect(file.changes.flatMap((change) => change.wordsAdded)).toEqual(
      expect.arrayContaining(['Group']),
    );
    expect(file.figureChanges).toContainEqual(
      expect.objectContaining({
        label: 'Battery Backup unit price',
        inFile: '$4,500.00',
        inQuote: '$5,500.00',
        product: { id: 'battery_backup', field: 'unitPrice', value: 4500 },
      }),
    );

    const version = await saveAsVersion(deckId, file.id, 'file');
    expect(version).toBe(2);
    const row = await versionRow(deckId, 2);
    expect(row.editKind).toBe('file');
    expect(row.changes[0]).toBe('Brought back from “Northwind edited.pptx” by rep person');
    expect(row.changes).toContain('Battery Backup: unit price $5,500.00 → $4,500.00');
    expect(row.draft.productSelection.selectedProducts[0]).toMatchObject({ customPricing: 4500 });
    // 25 % off is beyond a rep's 15 %: the version waits for approval, watermarked.
    const approval = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/approval`,
      headers: headers(cookies.rep),
    });
    expect(approval.statusCode, approval.body).toBe(200);
    expect(approval.json()).toMatchObject({ state: 'needs_approval' });
    expect(row.dealCheck).toMatchObject({ needsApproval: true });
  }, 180_000);

  it("keeps the quote's figures when the rep says so", async () => {
    const deckId = await newDeck();
    const file = await broughtBack(
      deckId,
      edited(await pptxOf(deckId), [['$5,500.00', '$4,500.00']]),
    );
    expect(file.figureChanges.length).toBeGreaterThan(0);
    expect(await saveAsVersion(deckId, file.id, 'quote')).toBe(2);
    const row = await versionRow(deckId, 2);
    expect(row.draft.productSelection.selectedProducts[0]).toMatchObject({ customPricing: 5500 });
    expect(JSON.stringify(row.edited)).not.toContain('$4,500.00');
    expect(JSON.stringify(row.edited)).toContain('$5,500.00');
  }, 180_000);

  it("refuses another deck's file, a file that is not a presentation, and a view-only colleague", async () => {
    const mine = await newDeck();
    const theirs = await newDeck('other', 'Another deck altogether');
    const foreign = await broughtBack(mine, await pptxOf(theirs, cookies.other));
    expect(foreign.state).toBe('failed');
    expect(foreign.error).toMatch(
      /^This file is not a version of “.+”: it was made from another deck\./,
    );

    const notPptx = await upload(mine, strToU8('just some words'));
    expect(notPptx.statusCode).toBe(415);
    // A 97–2003 file is named as such; a zip that is no presentation is refused once read, and
    // nothing of it is kept.
    const legacy = await upload(
      mine,
      new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
    );
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().error.message).toMatch(/97.2003/);
    const notADeck = await broughtBack(mine, zipSync({ 'notes.txt': strToU8('not slides') }));
    expect(notADeck).toMatchObject({ state: 'failed', changes: [], slideCount: null });
    expect(notADeck.error).toMatch(/^This file /);

    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/share-presentation',
      headers: headers(cookies.rep),
      payload: { presentationId: mine, email: emails.viewer, access: 'view' },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const viewOnly = await upload(mine, await pptxOf(mine), cookies.viewer);
    expect(viewOnly.statusCode).toBe(403);
    const versions = await t.database.db
      .select()
      .from(deckVersions)
      .where(eq(deckVersions.deckId, mine));
    expect(versions).toHaveLength(1);
  }, 180_000);
});
