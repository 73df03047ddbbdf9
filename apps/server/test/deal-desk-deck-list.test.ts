import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deckVersions } from '../src/db/schema.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createAdmin, requestAs } from './helpers/accounts.ts';
import {
  approvedMember,
  battery,
  dealDeskRequests,
  librarySlideIds,
  newPricedDeck,
  pricedDraft,
  type Line,
  type Member,
} from './helpers/priced-decks.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The All decks list says where each deck stands with the deal desk, and filters by it.
// Battery Backup lists at $5,995: a rep may give 15% ($5,095.75) without approval.

let t: TestApp;
let slideIds: string[];
let rep: Member;
let manager: Member;

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createFakeDeckRenderer(3) });
  // The first account is the administrator: the members below keep their roles.
  await createAdmin(t.app);
  rep = await approvedMember(t.app, 'Riley Rep', 'sales_rep');
  manager = await approvedMember(t.app, 'Morgan Manager', 'manager');
  slideIds = await librarySlideIds(t.app, rep);
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

const draft = (title: string, lines: Line[]) => pricedDraft(slideIds, title, lines);

const newDeck = (owner: Member, title: string, lines: Line[]) =>
  newPricedDeck(t.app, owner, draft(title, lines));

const { askApproval, decide } = dealDeskRequests(() => t.app);

/** Waits for the version an approval's job makes. */
async function clearedVersionFor(deckId: string, requestId: string) {
  for (let i = 0; i < 500; i += 1) {
    const [row] = await t.app.services.db
      .select({ number: deckVersions.number })
      .from(deckVersions)
      .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.approvedBy, requestId)));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the approved version was never made');
}

type Listed = { id: string; status: string; approval?: string | null };

async function allDecks(query = '') {
  const res = await requestAs(
    t.app,
    manager.cookie,
    'GET',
    `/api/decks?scope=all&pageSize=100${query}`,
  );
  return res;
}

async function approvalsById(query = '') {
  const res = await allDecks(query);
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().recentDecks as Listed[]).map((deck) => [deck.id, deck]));
}

describe('All decks and the deal desk', () => {
  it('shows decks awaiting approval, rejected or needing it, and filters those awaiting or rejected', async () => {
    const within = await newDeck(rep, 'Within limits', battery(5100));
    const unasked = await newDeck(rep, 'Never asked', battery(4500));
    const awaiting = await newDeck(rep, 'Awaiting', battery(4500));
    expect((await askApproval(rep, awaiting)).statusCode).toBe(201);
    const rejected = await newDeck(rep, 'Rejected', battery(4500));
    const rejectedRequest = (await askApproval(rep, rejected)).json();
    expect((await decide(manager, rejectedRequest.id, 'reject', 'Too deep')).statusCode).toBe(200);
    const approved = await newDeck(rep, 'Approved', battery(4500));
    const approvedRequest = (await askApproval(rep, approved)).json();
    expect((await decide(manager, approvedRequest.id, 'approve')).statusCode).toBe(200);
    await clearedVersionFor(approved, approvedRequest.id);

    const all = await approvalsById();
    expect(all.get(within)).toMatchObject({ status: 'completed', approval: null });
    expect(all.get(unasked)).toMatchObject({ status: 'completed', approval: 'needs_approval' });
    expect(all.get(awaiting)).toMatchObject({ status: 'completed', approval: 'awaiting_approval' });
    expect(all.get(rejected)).toMatchObject({ status: 'completed', approval: 'approval_rejected' });
    expect(all.get(approved)).toMatchObject({ approval: null });

    expect([...(await approvalsById('&approval=awaiting')).keys()]).toEqual([awaiting]);
    expect([...(await approvalsById('&approval=rejected')).keys()]).toEqual([rejected]);
    const counted = await allDecks('&approval=awaiting');
    expect(counted.json().total).toBe(1);
  });

  it('refuses an unknown approval filter with 400 naming it', async () => {
    const res = await allDecks('&approval=soon');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.body).toContain("approval must be 'awaiting' or 'rejected', not 'soon'");
  });

  it('tells Modify which figures are approved or waiting, and whose limits hold', async () => {
    const deckId = await newDeck(rep, 'Modify me', battery(4500));
    const before = await requestAs(t.app, manager.cookie, 'GET', `/api/decks/${deckId}/approval`);
    expect(before.json()).toMatchObject({
      state: 'needs_approval',
      approvedSelection: null,
      pendingSelection: null,
      ownerRole: 'sales_rep',
    });
    const request = (await askApproval(rep, deckId)).json();
    const waiting = await requestAs(t.app, rep.cookie, 'GET', `/api/decks/${deckId}/approval`);
    expect(waiting.json().pendingSelection.selectedProducts).toEqual([
      { id: 'battery_backup', quantity: 1, customPricing: 4500 },
    ]);
    expect((await decide(manager, request.id, 'approve')).statusCode).toBe(200);
    const approved = await requestAs(t.app, rep.cookie, 'GET', `/api/decks/${deckId}/approval`);
    expect(approved.json()).toMatchObject({ state: 'approved', pendingSelection: null });
    expect(approved.json().approvedSelection.selectedProducts).toEqual([
      { id: 'battery_backup', quantity: 1, customPricing: 4500 },
    ]);
  });
});
