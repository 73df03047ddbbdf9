import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_DESK, approvalMessages, approverRoleLabel } from '@deck-portal/domain';
import { auditLog, deckVersions, notifications } from '../src/db/schema.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { requestAs } from './helpers/accounts.ts';
import {
  adminMember,
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

// Nobody approves the price they set: not whoever made the version put to approval, nor whoever
// asked; and a manager's approval never clears a price deeper than a manager may give (30% by
// default), whoever asked, checked again when the decision is made.
// Battery Backup lists at $5,995 (a rep's 15% is $5,095.75); the Controller at $199.

let t: TestApp;
let slideIds: string[];
let admin: Member;
let rep: Member;
let manager: Member;
let otherManager: Member;

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createFakeDeckRenderer(3) });
  admin = await adminMember(t.app);
  rep = await approvedMember(t.app, 'Riley Rep', 'sales_rep');
  manager = await approvedMember(t.app, 'Morgan Manager', 'manager');
  otherManager = await approvedMember(t.app, 'Max Manager', 'manager');
  slideIds = await librarySlideIds(t.app, rep);
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

const draft = (title: string, lines: Line[]) => pricedDraft(slideIds, title, lines);

const newDeck = (owner: Member, title: string, lines: Line[]) =>
  newPricedDeck(t.app, owner, draft(title, lines));

async function newVersion(who: Member, deckId: string, title: string, lines: Line[]) {
  const res = await requestAs(t.app, who.cookie, 'POST', `/api/decks/${deckId}/versions`, {
    ...draft(title, lines),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().version as number;
}

const { askApproval, decide } = dealDeskRequests(() => t.app);

const createLink = (who: Member, deckId: string) =>
  requestAs(t.app, who.cookie, 'POST', `/api/decks/${deckId}/client-links`, {
    recipientName: 'Jane Client',
    recipientEmail: 'jane.client@northwind.example',
    sendEmail: false,
  });

type Listed = {
  id: string;
  approverRole: string;
  canDecide: boolean;
  cannotDecideReason?: string | null;
  pricedBy?: string[];
};

async function listedFor(who: Member, requestId: string) {
  const list = await requestAs(t.app, who.cookie, 'GET', '/api/approvals');
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().requests as Listed[]).find((request) => request.id === requestId);
}

async function auditOf(action: 'deck.approval_requested' | 'deck.approval_approved', id: string) {
  const rows = await t.app.services.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.createdAt));
  return rows.find((row) => JSON.parse(row.newValue ?? '{}').requestId === id);
}

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

async function toldAbout(who: Member, title: string) {
  const rows = await t.app.services.db
    .select({ message: notifications.message })
    .from(notifications)
    .where(eq(notifications.recipientUserId, who.id));
  return rows.some((row) => row.message.includes(`“${title}”`));
}

describe('nobody decides the prices they set', () => {
  it('refuses a manager who priced a rep’s deck 98% off and asked: only an administrator approves it', async () => {
    const deckId = await newDeck(rep, 'Manager’s deep cut', battery(5100));
    // 98% off list: far past the manager's own 30%.
    await newVersion(manager, deckId, 'Manager’s deep cut', battery(119.9));
    const ask = await askApproval(manager, deckId, 'Strategic account');
    expect(ask.statusCode, ask.body).toBe(201);
    const request = ask.json();
    expect(request).toMatchObject({ approverRole: 'admin', canDecide: false });
    expect(request.pricedBy).toEqual([manager.name]);

    const own = await decide(manager, request.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({ code: 'forbidden', message: approvalMessages.ownPrices });
    // Another manager may not either: it is past what a manager may give.
    const other = await decide(otherManager, request.id, 'approve');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(
      approvalMessages.needsAdmin(
        'Deepest discount: 98% off list on Battery Backup, past the 30% a sales manager may give.',
      ),
    );
    expect(await toldAbout(manager, 'Manager’s deep cut')).toBe(false);
    expect(await toldAbout(otherManager, 'Manager’s deep cut')).toBe(false);
    expect(await toldAbout(admin, 'Manager’s deep cut')).toBe(true);
    expect((await createLink(rep, deckId)).statusCode).toBe(409);

    const approved = await decide(admin, request.id, 'approve', 'Agreed with the board.');
    expect(approved.statusCode, approved.body).toBe(200);
    await clearedVersionFor(deckId, request.id);

    // The audit log: who set the prices and asked, and who approved them.
    const asked = await auditOf('deck.approval_requested', request.id);
    expect(asked).toMatchObject({ actorId: manager.id, targetUserId: rep.id });
    expect(JSON.parse(asked!.newValue!)).toMatchObject({
      deckId,
      version: 2,
      approverRole: 'admin',
      pricesSetBy: [{ id: manager.id, name: manager.name }],
    });
    const decided = await auditOf('deck.approval_approved', request.id);
    expect(decided).toMatchObject({ actorId: admin.id, targetUserId: rep.id });
    expect(JSON.parse(decided!.newValue!)).toMatchObject({
      deckId,
      version: 2,
      pricesSetBy: [{ id: manager.id, name: manager.name }],
      requestedBy: manager.id,
    });
  });

  it('refuses the manager who made the version, though the rep asked and it is within a manager’s limit', async () => {
    const deckId = await newDeck(rep, 'Manager’s quarter off', battery(5100));
    // 24.9% off: past the rep's 15%, within the manager's 30%.
    await newVersion(manager, deckId, 'Manager’s quarter off', battery(4500));
    const ask = await askApproval(rep, deckId);
    expect(ask.statusCode, ask.body).toBe(201);
    const request = ask.json();
    expect(request.approverRole).toBe('manager');

    // The manager who set the prices is neither asked nor allowed; another manager is.
    expect(await toldAbout(manager, 'Manager’s quarter off')).toBe(false);
    expect(await toldAbout(otherManager, 'Manager’s quarter off')).toBe(true);
    expect(await listedFor(manager, request.id)).toMatchObject({
      canDecide: false,
      cannotDecideReason: approvalMessages.ownPrices,
      pricedBy: [manager.name],
    });
    expect(await listedFor(otherManager, request.id)).toMatchObject({
      canDecide: true,
      cannotDecideReason: null,
    });
    const own = await decide(manager, request.id, 'reject', 'Too deep');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(approvalMessages.ownPrices);

    const approved = await decide(otherManager, request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const decided = await auditOf('deck.approval_approved', request.id);
    expect(decided).toMatchObject({ actorId: otherManager.id });
    expect(JSON.parse(decided!.newValue!)).toMatchObject({
      pricesSetBy: [{ id: manager.id, name: manager.name }],
      requestedBy: rep.id,
    });
  });

  it('keeps a price the manager set theirs when the rep later changes the order around it', async () => {
    const deckId = await newDeck(rep, 'Manager’s price, rep’s order', battery(5100));
    // The manager sets 24.9% off; the rep then orders two and adds a Controller at list.
    await newVersion(manager, deckId, 'Manager’s price, rep’s order', battery(4500));
    await newVersion(rep, deckId, 'Manager’s price, rep’s order', [
      { id: 'battery_backup', price: 4500, quantity: 2 },
      { id: 'controller', price: 199 },
    ]);
    const ask = await askApproval(rep, deckId);
    expect(ask.statusCode, ask.body).toBe(201);
    const request = ask.json();
    expect(request).toMatchObject({ approverRole: 'manager', pricedBy: [manager.name] });
    const own = await decide(manager, request.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(approvalMessages.ownPrices);
    expect(await toldAbout(manager, 'Manager’s price, rep’s order')).toBe(false);
    expect((await decide(otherManager, request.id, 'approve')).statusCode).toBe(200);
  });

  it('tells only those who were asked when a request is withdrawn by a price change', async () => {
    const title = 'Withdrawn from the asked';
    const deckId = await newDeck(rep, title, battery(5100));
    await newVersion(manager, deckId, title, battery(4500));
    const ask = await askApproval(rep, deckId);
    expect(ask.statusCode, ask.body).toBe(201);
    // The rep changes the price: the request is void, and those asked are told.
    await newVersion(rep, deckId, title, battery(4600));
    const withdrawn = approvalMessages.withdrawn({
      ownerName: rep.name,
      title,
      clientName: 'Northwind Pharmacies',
    });
    const toldWithdrawn = async (who: Member) =>
      (
        await t.app.services.db
          .select({ message: notifications.message })
          .from(notifications)
          .where(eq(notifications.recipientUserId, who.id))
      ).some((row) => row.message === withdrawn);
    expect(await toldWithdrawn(otherManager)).toBe(true);
    expect(await toldWithdrawn(admin)).toBe(true);
    // The manager who set the prices was never asked, so is not told it is withdrawn.
    expect(await toldWithdrawn(manager)).toBe(false);
  });

  it('refuses the manager who asked for approval of a rep’s prices', async () => {
    const deckId = await newDeck(rep, 'Asked by the manager', battery(4500));
    const ask = await askApproval(manager, deckId, 'I back this one');
    expect(ask.statusCode, ask.body).toBe(201);
    const request = ask.json();
    expect(request.pricedBy).toEqual([rep.name]);
    const own = await decide(manager, request.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(approvalMessages.ownRequest);
    expect(await toldAbout(manager, 'Asked by the manager')).toBe(false);
    expect((await decide(otherManager, request.id, 'approve')).statusCode).toBe(200);
  });
});

describe('a manager never clears a price deeper than a manager may give', () => {
  it('sends a rep’s 39.8% off the Controller to an administrator, naming the depth and the limit', async () => {
    const deckId = await newDeck(rep, 'Controller deal', [
      { id: 'controller', price: 119.8 },
      { id: 'battery_backup', price: 5095.75 },
    ]);
    const ask = await askApproval(rep, deckId);
    expect(ask.statusCode, ask.body).toBe(201);
    const request = ask.json();
    expect(request.approverRole).toBe('admin');
    expect(request.check.findings).toEqual([
      expect.objectContaining({
        productId: 'controller',
        discountPercent: 39.8,
        limitPercent: 15,
        managerLimitPercent: 30,
        approverRole: 'admin',
      }),
    ]);
    const depth =
      'Deepest discount: 39.8% off list on Controller, past the 30% a sales manager may give.';
    expect(await listedFor(manager, request.id)).toMatchObject({
      approverRole: 'admin',
      canDecide: false,
      cannotDecideReason: approvalMessages.needsAdmin(depth),
    });
    const refused = await decide(manager, request.id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(approvalMessages.needsAdmin(depth));
    expect(refused.json().error.message).toContain('An administrator must approve');
    // The rep's client link says who it waits for, not to ask again.
    const link = await createLink(rep, deckId);
    expect(link.statusCode).toBe(409);
    expect(link.json().error).toEqual({
      code: 'approval_required',
      message: approvalMessages.linkPending(approverRoleLabel.admin),
    });
    expect((await decide(admin, request.id, 'approve')).statusCode).toBe(200);
  });

  it('checks again at decision time: a limit tightened after the request sends it to an administrator', async () => {
    const deckId = await newDeck(rep, 'Tightened after asking', battery(4500));
    const request = (await askApproval(rep, deckId)).json();
    expect(request.approverRole).toBe('manager');
    const tighten = await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', {
      ...DEFAULT_DEAL_DESK,
      roleLimits: { sales_rep: 15, manager: 20 },
    });
    expect(tighten.statusCode, tighten.body).toBe(200);
    try {
      const refused = await decide(manager, request.id, 'approve');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        approvalMessages.needsAdmin(
          'Deepest discount: 24.9% off list on Battery Backup, past the 20% a sales manager may give.',
        ),
      );
      expect(await listedFor(manager, request.id)).toMatchObject({
        approverRole: 'admin',
        canDecide: false,
      });
      // The rep who tries to send it is told whom it waits for now, as the deck page says.
      const link = await createLink(rep, deckId);
      expect(link.statusCode).toBe(409);
      expect(link.json().error.message).toBe(approvalMessages.linkPending(approverRoleLabel.admin));
    } finally {
      await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', {
        ...DEFAULT_DEAL_DESK,
      });
    }
    expect((await decide(manager, request.id, 'approve')).statusCode).toBe(200);
  });
});
