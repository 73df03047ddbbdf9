import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckRenderer } from '@deck-portal/deck-engine';
import {
  APPROVAL_WATERMARK,
  DEFAULT_DEAL_DESK,
  approvalMessages,
  clientLinkPaths,
  deckPagePath,
  type DeckDraftInput,
} from '@deck-portal/domain';
import {
  approvalRequests,
  auditLog,
  decks,
  deckVersions,
  events,
  notifications,
  outboxMails,
} from '../src/db/schema.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { requestAs } from './helpers/accounts.ts';
import {
  adminMember,
  approvedMember,
  dealDeskRequests,
  librarySlideIds,
  type Member,
} from './helpers/priced-decks.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The deal desk: a deck priced past its owner's limits is made with the watermark, cannot reach
// a client, and is cleared by an approver's approval (a new version without the watermark).
// Battery Backup lists at $5,995: a rep may give 15% ($5,095.75), a manager 30% ($4,196.50).

/** The fake renderer, remembering the watermark each deck was rendered with. */
function recordingRenderer() {
  const fake = createFakeDeckRenderer(3);
  const renders: { title: string; watermark: string | undefined }[] = [];
  const renderer: DeckRenderer = {
    ...fake,
    async generate(draft, options) {
      renders.push({ title: draft.basicInfo.deckTitle, watermark: options?.watermark });
      return fake.generate(draft, options);
    },
  };
  return { renderer, renders };
}

let t: TestApp;
const { renderer, renders } = recordingRenderer();
let slideIds: string[];
let admin: Member;
let rep: Member;
let otherRep: Member;
let manager: Member;
let otherManager: Member;

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: renderer });
  admin = await adminMember(t.app);
  rep = await approvedMember(t.app, 'Riley Rep', 'sales_rep');
  otherRep = await approvedMember(t.app, 'Olive Rep', 'sales_rep');
  manager = await approvedMember(t.app, 'Morgan Manager', 'manager');
  otherManager = await approvedMember(t.app, 'Max Manager', 'manager');
  slideIds = await librarySlideIds(t.app, rep);
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

function draft(
  price: number,
  { title = 'Cold Chain Upgrade', headline }: { title?: string; headline?: string } = {},
): DeckDraftInput {
  return {
    basicInfo: {
      deckTitle: title,
      clientName: 'Northwind Pharmacies',
      date: '2026-11-21',
      ...(headline ? { headline } : {}),
    },
    productSelection: {
      selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: price }],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: slideIds.slice(0, 2), customSlides: [] },
  };
}

/** A deck made and rendered (waiting for its job): its id. */
async function newDeck(owner: Member, price: number, title?: string) {
  const res = await requestAs(t.app, owner.cookie, 'POST', '/api/generate-slides', {
    ...draft(price, title ? { title } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().presentationId as string;
}

/** Modify → Generate, waiting for the version: its number. */
async function newVersion(owner: Member, deckId: string, body: DeckDraftInput) {
  const res = await requestAs(t.app, owner.cookie, 'POST', `/api/decks/${deckId}/versions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().version as number;
}

async function versionRow(deckId: string, number?: number) {
  const [row] = await t.app.services.db
    .select()
    .from(deckVersions)
    .where(
      number === undefined
        ? eq(deckVersions.deckId, deckId)
        : and(eq(deckVersions.deckId, deckId), eq(deckVersions.number, number)),
    )
    .orderBy(desc(deckVersions.number))
    .limit(1);
  return row!;
}

const approvalOf = (who: Member, deckId: string) =>
  requestAs(t.app, who.cookie, 'GET', `/api/decks/${deckId}/approval`);

const { askApproval, decide } = dealDeskRequests(() => t.app);

const createLink = (who: Member, deckId: string, extra: Record<string, unknown> = {}) =>
  requestAs(t.app, who.cookie, 'POST', `/api/decks/${deckId}/client-links`, {
    recipientName: 'Jane Client',
    recipientEmail: 'jane.client@northwind.example',
    sendEmail: false,
    ...extra,
  });

const tokenOf = (res: { json(): { url: string } }) =>
  /\/v\/([A-Za-z0-9_-]+)$/.exec(res.json().url)![1]!;

/** Waits for the version an approval's job makes: its row. */
async function clearedVersionFor(deckId: string, requestId: string) {
  for (let i = 0; i < 500; i += 1) {
    const [row] = await t.app.services.db
      .select()
      .from(deckVersions)
      .where(and(eq(deckVersions.deckId, deckId), eq(deckVersions.approvedBy, requestId)));
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the approved version was never made');
}

async function mailsTo(email: string) {
  return t.app.services.db.select().from(outboxMails).where(eq(outboxMails.to, email));
}

async function notificationsOf(userId: string) {
  return t.app.services.db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientUserId, userId));
}

describe('deal desk settings', () => {
  it('gives every approved user the defaults until an admin saves; only admins read and save', async () => {
    const read = await requestAs(t.app, rep.cookie, 'GET', '/api/deal-desk');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(DEFAULT_DEAL_DESK);
    expect((await requestAs(t.app, undefined, 'GET', '/api/deal-desk')).statusCode).toBe(401);
    for (const who of [rep, manager]) {
      expect((await requestAs(t.app, who.cookie, 'GET', '/api/admin/deal-desk')).statusCode).toBe(
        403,
      );
      const put = await requestAs(t.app, who.cookie, 'PUT', '/api/admin/deal-desk', {
        ...DEFAULT_DEAL_DESK,
        roleLimits: { sales_rep: 100, manager: 100 },
      });
      expect(put.statusCode).toBe(403);
    }
    const adminRead = await requestAs(t.app, admin.cookie, 'GET', '/api/admin/deal-desk');
    expect(adminRead.json()).toEqual(DEFAULT_DEAL_DESK);
  });

  it('refuses unknown products (422 naming the field) and bad limits (400), changing nothing', async () => {
    const unknown = await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', {
      ...DEFAULT_DEAL_DESK,
      products: { no_such_thing: { floorPrice: 10 } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({
      'products.no_such_thing': 'The price book has no product “no_such_thing”.',
    });
    const tooMuch = await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', {
      ...DEFAULT_DEAL_DESK,
      roleLimits: { sales_rep: 120, manager: 30 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('Enter a percentage from 0 to 100');
    const read = await requestAs(t.app, rep.cookie, 'GET', '/api/deal-desk');
    expect(read.json()).toEqual(DEFAULT_DEAL_DESK);
  });

  it('saves an admin’s settings for everyone, with the old and new ones in the audit log', async () => {
    const settings = {
      ...DEFAULT_DEAL_DESK,
      roleLimits: { sales_rep: 10, manager: 25 },
      products: { controller: { floorPrice: 150, maxDiscountPercent: { sales_rep: 5 } } },
    };
    const put = await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', settings);
    expect(put.statusCode, put.body).toBe(200);
    const read = await requestAs(t.app, rep.cookie, 'GET', '/api/deal-desk');
    expect(read.json()).toEqual(settings);
    const [entry] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deal_desk.updated'));
    expect(entry!.actorId).toBe(admin.id);
    expect(JSON.parse(entry!.oldValue!)).toEqual(DEFAULT_DEAL_DESK);
    expect(JSON.parse(entry!.newValue!)).toEqual(settings);
    // Back to the defaults for the tests below.
    const reset = await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', {
      ...DEFAULT_DEAL_DESK,
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('each version is checked against its owner’s limits', () => {
  it('makes a deck within the rep’s limit without the watermark; clients may get a link', async () => {
    const deckId = await newDeck(rep, 5100, 'Within limits');
    const version = await versionRow(deckId);
    expect(version.dealCheck).toMatchObject({ needsApproval: false, findings: [] });
    expect(version.approvedBy).toBeNull();
    expect(renders.at(-1)).toEqual({ title: 'Within limits', watermark: undefined });
    const approval = await approvalOf(rep, deckId);
    expect(approval.json()).toMatchObject({ state: 'not_needed', request: null });
    const ask = await askApproval(rep, deckId);
    expect(ask.statusCode).toBe(409);
    expect(ask.json().error.message).toBe(approvalMessages.notNeeded);
    expect((await createLink(rep, deckId)).statusCode).toBe(201);
  });

  it('watermarks a rep’s deck a quarter under list and refuses client links until approved', async () => {
    const deckId = await newDeck(rep, 4500, 'Deep discount');
    const version = await versionRow(deckId);
    expect(version.dealCheck).toMatchObject({
      needsApproval: true,
      approverRole: 'manager',
      findings: [{ productId: 'battery_backup', reason: 'discount', discountPercent: 24.9 }],
    });
    expect(renders.at(-1)).toEqual({ title: 'Deep discount', watermark: APPROVAL_WATERMARK });
    const approval = await approvalOf(rep, deckId);
    expect(approval.statusCode).toBe(200);
    expect(approval.json()).toMatchObject({ state: 'needs_approval', request: null });
    const link = await createLink(rep, deckId);
    expect(link.statusCode).toBe(409);
    expect(link.json().error).toEqual({
      code: 'approval_required',
      message: approvalMessages.linkRefused,
    });
    // A pinned link to that version is refused too.
    expect((await createLink(rep, deckId, { pinnedVersion: 1 })).statusCode).toBe(409);
  });

  it('holds a manager to 30% and an admin to nothing', async () => {
    const managerDeck = await newDeck(manager, 4500, 'Manager quarter off');
    expect((await versionRow(managerDeck)).dealCheck).toMatchObject({ needsApproval: false });
    const managerDeep = await newDeck(manager, 3597, 'Manager deep');
    expect((await versionRow(managerDeep)).dealCheck).toMatchObject({
      needsApproval: true,
      approverRole: 'admin',
    });
    const adminDeck = await newDeck(admin, 100, 'Admin anything');
    expect((await versionRow(adminDeck)).dealCheck).toMatchObject({ needsApproval: false });
    expect(renders.at(-1)!.watermark).toBeUndefined();
  });

  it('checks a version against the OWNER’s limits, whoever makes it', async () => {
    const deckId = await newDeck(rep, 5100, 'Manager edits');
    // 25% off: within the manager's own limit, past the rep's who owns the deck.
    await newVersion(manager, deckId, draft(4500, { title: 'Manager edits' }));
    expect((await versionRow(deckId)).dealCheck).toMatchObject({
      needsApproval: true,
      approverRole: 'manager',
    });
    expect(renders.at(-1)!.watermark).toBe(APPROVAL_WATERMARK);
  });
  it('copies a restored version’s files when its clearance is unchanged, else renders it again', async () => {
    const deckId = await newDeck(rep, 4500, 'Restored deck');
    const request = (await askApproval(rep, deckId)).json();
    expect((await decide(manager, request.id, 'approve')).statusCode).toBe(200);
    await clearedVersionFor(deckId, request.id);
    const restore = (number: number) =>
      requestAs(t.app, rep.cookie, 'POST', `/api/decks/${deckId}/versions/${number}/restore`);
    // Version 1 was watermarked, but its prices are the approved ones now: made again without.
    const rendersBefore = renders.length;
    const again = await restore(1);
    expect(again.statusCode, again.body).toBe(201);
    expect(renders.length).toBe(rendersBefore + 1);
    expect(renders.at(-1)).toEqual({ title: 'Restored deck', watermark: undefined });
    const row = await versionRow(deckId, again.json().version);
    expect(row.approvedBy).toBe(request.id);
    expect(row.changes).toEqual([
      'Restored version 1',
      'Made again without the watermark: its prices are approved',
    ]);
    // Version 2 is the approved one without the watermark: restored, its very files come back.
    const cleared = await restore(2);
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(renders.length).toBe(rendersBefore + 1);
    expect((await versionRow(deckId, cleared.json().version)).approvedBy).toBe(request.id);
    expect((await approvalOf(rep, deckId)).json().state).toBe('approved');
  });

  it('renders a restore again with the watermark when limits were tightened since it was made clean', async () => {
    const deckId = await newDeck(rep, 5400, 'Ten percent off');
    expect((await versionRow(deckId)).dealCheck).toMatchObject({ needsApproval: false });
    await newVersion(rep, deckId, draft(5995, { title: 'Ten percent off' }));
    const tighten = await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', {
      ...DEFAULT_DEAL_DESK,
      roleLimits: { sales_rep: 5, manager: 30 },
    });
    expect(tighten.statusCode, tighten.body).toBe(200);
    try {
      const restored = await requestAs(
        t.app,
        rep.cookie,
        'POST',
        `/api/decks/${deckId}/versions/1/restore`,
      );
      expect(restored.statusCode, restored.body).toBe(201);
      expect(renders.at(-1)).toEqual({ title: 'Ten percent off', watermark: APPROVAL_WATERMARK });
      const row = await versionRow(deckId, restored.json().version);
      expect(row.dealCheck).toMatchObject({ needsApproval: true, approverRole: 'manager' });
      expect(row.changes[1]).toBe(
        'Made again with the “pending approval” watermark: its prices now need approval',
      );
      const approval = (await approvalOf(rep, deckId)).json();
      expect(approval.state).toBe('needs_approval');
      expect((await createLink(rep, deckId)).statusCode).toBe(409);
    } finally {
      await requestAs(t.app, admin.cookie, 'PUT', '/api/admin/deal-desk', DEFAULT_DEAL_DESK);
    }
  });

  it('checks a duplicate by its new owner’s limits, rendering it again when they differ', async () => {
    // 25% off: past the rep's limit, within a manager's.
    const quarterOff = await newDeck(rep, 4500, 'Quarter off');
    const duplicate = (who: Member) =>
      requestAs(t.app, who.cookie, 'POST', `/api/decks/${quarterOff}/duplicate`, {});
    const rendersBefore = renders.length;
    const mine = await duplicate(rep);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(renders.length).toBe(rendersBefore);
    expect((await versionRow(mine.json().presentationId)).dealCheck).toMatchObject({
      needsApproval: true,
    });
    const managers = await duplicate(manager);
    expect(managers.statusCode, managers.body).toBe(201);
    expect(renders.at(-1)).toEqual({ title: 'Quarter off (copy)', watermark: undefined });
    const copy = await versionRow(managers.json().presentationId);
    expect(copy.dealCheck).toMatchObject({ needsApproval: false });
    expect(copy.changes).toEqual([
      'Copied from “Quarter off”, version 1',
      'Made again without the watermark: its prices need no approval',
    ]);
    // And back: the manager's clean copy, shared with the rep and duplicated, is past the rep's
    // limit, so the rep's own copy is made again with the watermark.
    const managersDeck = managers.json().presentationId as string;
    const share = await requestAs(t.app, manager.cookie, 'POST', '/api/share-presentation', {
      presentationId: managersDeck,
      email: rep.email,
    });
    expect(share.statusCode, share.body).toBe(201);
    const repsCopy = await requestAs(
      t.app,
      rep.cookie,
      'POST',
      `/api/decks/${managersDeck}/duplicate`,
      {},
    );
    expect(repsCopy.statusCode, repsCopy.body).toBe(201);
    expect(renders.at(-1)).toEqual({
      title: 'Quarter off (copy) (copy)',
      watermark: APPROVAL_WATERMARK,
    });
    expect((await versionRow(repsCopy.json().presentationId)).dealCheck).toMatchObject({
      needsApproval: true,
    });
  });
});

describe('request, approve and the cleared version', () => {
  it('asks the approvers in-app and by mail, and answers who may decide', async () => {
    const deckId = await newDeck(rep, 4500, 'Approval flow');
    const ask = await askApproval(rep, deckId, 'The client signs 40 sites if we match this.');
    expect(ask.statusCode, ask.body).toBe(201);
    const request = ask.json();
    expect(request).toMatchObject({
      deckId,
      deckTitle: 'Approval flow',
      clientName: 'Northwind Pharmacies',
      owner: { id: rep.id, name: rep.name, email: rep.email },
      version: 1,
      state: 'pending',
      approverRole: 'manager',
      requestedBy: rep.name,
      note: 'The client signs 40 sites if we match this.',
      decidedBy: null,
      comment: null,
      canDecide: false,
    });
    expect(request.check.findings[0].reason).toBe('discount');

    const again = await askApproval(rep, deckId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(approvalMessages.alreadyPending);
    expect((await approvalOf(rep, deckId)).json()).toMatchObject({
      state: 'pending',
      request: { id: request.id },
    });

    // Managers and admins are told; not the rep, nor the other rep.
    for (const approver of [manager, otherManager, admin]) {
      const told = await notificationsOf(approver.id);
      expect(told.map((n) => n.message)).toContain(
        `${rep.name} asks you to approve the prices of “Approval flow” for Northwind Pharmacies.`,
      );
      const mails = (await mailsTo(approver.email)).filter((mail) =>
        mail.subject.includes('Approval flow'),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Approval requested: Approval flow for Northwind Pharmacies');
      expect(mails[0]!.text).toContain('The client signs 40 sites if we match this.');
      expect(mails[0]!.text).toContain('24.9% off list');
      expect(mails[0]!.text).toContain('http://portal.test/approvals');
    }
    // In the portal, the notification leads to the approvals page.
    const bell = await requestAs(t.app, manager.cookie, 'GET', '/api/notifications');
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json().notifications).toContainEqual(
      expect.objectContaining({
        message: `${rep.name} asks you to approve the prices of “Approval flow” for Northwind Pharmacies.`,
        link: '/approvals',
      }),
    );
    for (const other of [rep, otherRep]) {
      const told = await notificationsOf(other.id);
      expect(told.filter((n) => n.message.includes('Approval flow'))).toEqual([]);
    }

    const repList = await requestAs(t.app, rep.cookie, 'GET', '/api/approvals');
    expect(repList.statusCode).toBe(403);
    const list = await requestAs(t.app, manager.cookie, 'GET', '/api/approvals?state=pending');
    expect(list.statusCode).toBe(200);
    const listed = (list.json().requests as { id: string; canDecide: boolean }[]).find(
      (r) => r.id === request.id,
    );
    expect(listed).toMatchObject({ canDecide: true });
    const [audit] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deck.approval_requested'));
    expect(audit).toMatchObject({ actorId: rep.id, targetUserId: rep.id });
  });

  it('approval makes a new version without the watermark; the rep is told and may send the link', async () => {
    const deckId = await newDeck(rep, 4500, 'Approved deck');
    const request = (await askApproval(rep, deckId, 'Please')).json();
    const approved = await decide(manager, request.id, 'approve', 'Fine for a 40-site rollout.');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      id: request.id,
      state: 'approved',
      decidedBy: manager.name,
      comment: 'Fine for a 40-site rollout.',
      canDecide: false,
    });
    const version = await clearedVersionFor(deckId, request.id);
    expect(version.number).toBe(2);
    expect(version.changes).toEqual(['Prices approved: made again without the watermark']);
    expect(version.dealCheck).toMatchObject({ needsApproval: true });
    expect(renders.at(-1)).toEqual({ title: 'Approved deck', watermark: undefined });
    expect((await approvalOf(rep, deckId)).json()).toMatchObject({
      state: 'approved',
      request: { id: request.id, state: 'approved' },
    });

    const told = await notificationsOf(rep.id);
    expect(told.map((n) => n.linkPath)).toContain(`/deck/${deckId}/preview`);
    expect(told.map((n) => n.message)).toContain(
      `${manager.name} approved the prices of “Approved deck” for Northwind Pharmacies: it can go to the client. ${manager.name} wrote: Fine for a 40-site rollout.`,
    );
    const [mail] = (await mailsTo(rep.email)).filter((m) => m.subject.includes('Approved deck'));
    expect(mail!.subject).toBe('Approved: Approved deck for Northwind Pharmacies');
    expect(mail!.text).toContain('Fine for a 40-site rollout.');
    const [audit] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deck.approval_approved'));
    expect(audit).toMatchObject({ actorId: manager.id, targetUserId: rep.id });
    // Told outside the portal too (issue 51): requested, decided, and the cleared version.
    const recorded = await t.app.services.db
      .select({ type: events.type, actorId: events.actorId, data: events.data })
      .from(events)
      .where(eq(events.deckId, deckId))
      .orderBy(events.id);
    expect(recorded.map((event) => [event.type, event.actorId])).toEqual([
      ['deck.version_created', rep.id],
      ['approval.requested', rep.id],
      ['approval.decided', manager.id],
      ['deck.version_created', manager.id],
    ]);
    expect(recorded[2]!.data).toMatchObject({
      approval: { id: request.id, state: 'approved', comment: 'Fine for a 40-site rollout.' },
    });
    expect(recorded[3]!.data).toMatchObject({ version: { number: 2 } });

    const link = await createLink(rep, deckId);
    expect(link.statusCode, link.body).toBe(201);
    const view = await requestAs(t.app, undefined, 'GET', clientLinkPaths.api(tokenOf(link)));
    expect(view.statusCode).toBe(200);

    // A title change keeps the approval: the new version is cleared and has no watermark.
    const renamed = await newVersion(rep, deckId, draft(4500, { title: 'Approved deck, renamed' }));
    const kept = await versionRow(deckId, renamed);
    expect(kept.approvedBy).toBe(request.id);
    expect(renders.at(-1)).toEqual({ title: 'Approved deck, renamed', watermark: undefined });
    expect((await approvalOf(rep, deckId)).json().state).toBe('approved');

    // A price change voids it: watermarked again, and needing approval.
    const repriced = await newVersion(
      rep,
      deckId,
      draft(3500, { title: 'Approved deck, renamed' }),
    );
    expect((await versionRow(deckId, repriced)).approvedBy).toBeNull();
    expect(renders.at(-1)!.watermark).toBe(APPROVAL_WATERMARK);
    expect((await approvalOf(rep, deckId)).json().state).toBe('needs_approval');
    expect((await createLink(rep, deckId)).statusCode).toBe(409);
  });

  it('reads as approved while the approval’s version is being committed', async () => {
    const deckId = await newDeck(rep, 4500, 'Deck read mid-commit');
    const request = (await askApproval(rep, deckId, 'Please')).json();
    expect((await decide(manager, request.id, 'approve', '')).statusCode).toBe(200);
    const version = await clearedVersionFor(deckId, request.id);
    // A page asking at the moment the cleared version commits reads the deck as it was just
    // before (version 1 current) and the versions as they are just after (version 2 made): as
    // the deck's own row would be read a moment earlier, on the deck's previous version.
    const db = t.app.services.db;
    await db.update(decks).set({ currentVersion: 1 }).where(eq(decks.id, deckId));
    try {
      expect((await approvalOf(rep, deckId)).json()).toMatchObject({
        state: 'approved',
        request: { id: request.id, state: 'approved' },
      });
    } finally {
      await db.update(decks).set({ currentVersion: version.number }).where(eq(decks.id, deckId));
    }
    expect((await approvalOf(rep, deckId)).json().state).toBe('approved');
  });

  it('rejection needs a comment, tells the rep why, and leaves the deck needing approval', async () => {
    const deckId = await newDeck(rep, 4500, 'Rejected deck');
    const request = (await askApproval(rep, deckId)).json();
    const bare = await decide(manager, request.id, 'reject');
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.message).toBe(approvalMessages.rejectNeedsComment);
    const rejected = await decide(
      manager,
      request.id,
      'reject',
      'Stay within 25% for this client.',
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      comment: 'Stay within 25% for this client.',
    });
    const approval = (await approvalOf(rep, deckId)).json();
    expect(approval).toMatchObject({
      state: 'needs_approval',
      request: { id: request.id, state: 'rejected', comment: 'Stay within 25% for this client.' },
    });
    const [mail] = (await mailsTo(rep.email)).filter((m) => m.subject.includes('Rejected deck'));
    expect(mail!.subject).toBe('Not approved: Rejected deck for Northwind Pharmacies');
    expect(mail!.text).toContain('Stay within 25% for this client.');
    expect((await notificationsOf(rep.id)).map((n) => n.message)).toContain(
      `${manager.name} rejected the prices of “Rejected deck” for Northwind Pharmacies. ${manager.name} wrote: Stay within 25% for this client.`,
    );
    const [audit] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deck.approval_rejected'));
    expect(audit).toMatchObject({ actorId: manager.id, targetUserId: rep.id });
    expect((await createLink(rep, deckId)).statusCode).toBe(409);
    // Decided: deciding again answers the result.
    const late = await decide(admin, request.id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: { code: 'already_decided', message: approvalMessages.alreadyDecided },
      request: { id: request.id, state: 'rejected' },
    });
    // The rep may ask again.
    expect((await askApproval(rep, deckId, 'Second try')).statusCode).toBe(201);
  });

  it('a pending request survives a title change and is voided by a price change', async () => {
    const deckId = await newDeck(rep, 4500, 'Voided deck');
    const request = (await askApproval(rep, deckId)).json();
    await newVersion(rep, deckId, draft(4500, { title: 'Voided deck, new title' }));
    const stateOf = async () =>
      (
        await t.app.services.db
          .select({ state: approvalRequests.state })
          .from(approvalRequests)
          .where(eq(approvalRequests.id, request.id))
      )[0]!.state;
    expect(await stateOf()).toBe('pending');
    expect((await approvalOf(rep, deckId)).json().state).toBe('pending');
    await newVersion(rep, deckId, draft(3400, { title: 'Voided deck, new title' }));
    expect(await stateOf()).toBe('void');
    // The approvers who were asked are told it is withdrawn; the rep, who changed it, is not.
    const withdrawn = approvalMessages.withdrawn({
      ownerName: rep.name,
      title: 'Voided deck, new title',
      clientName: 'Northwind Pharmacies',
    });
    for (const approver of [manager, otherManager, admin]) {
      expect(
        (await notificationsOf(approver.id)).filter((n) => n.message === withdrawn),
      ).toMatchObject([{ linkPath: deckPagePath(deckId) }]);
    }
    expect((await notificationsOf(rep.id)).some((n) => n.message === withdrawn)).toBe(false);
    expect((await approvalOf(rep, deckId)).json()).toMatchObject({
      state: 'needs_approval',
      request: { id: request.id, state: 'void' },
    });
    const late = await decide(manager, request.id, 'approve');
    expect(late.statusCode).toBe(409);
  });
});

describe('who may see, ask and decide', () => {
  it('hides a deck’s approval from other reps and lets only its managers ask', async () => {
    const deckId = await newDeck(rep, 4500, 'Access deck');
    expect((await approvalOf(otherRep, deckId)).statusCode).toBe(404);
    expect((await askApproval(otherRep, deckId)).statusCode).toBe(404);
    expect(
      (await requestAs(t.app, undefined, 'GET', `/api/decks/${deckId}/approval`)).statusCode,
    ).toBe(401);
    expect((await approvalOf(manager, deckId)).json().state).toBe('needs_approval');
    const request = (await askApproval(rep, deckId)).json();
    const byRep = await decide(otherRep, request.id, 'approve');
    expect(byRep.statusCode).toBe(403);
    expect(
      (await requestAs(t.app, otherRep.cookie, 'GET', '/api/approvals?state=all')).statusCode,
    ).toBe(403);
    const unknown = await decide(manager, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(unknown.statusCode).toBe(404);
  });

  it('sends a manager’s deck to an admin: the owner and other managers cannot decide it', async () => {
    const deckId = await newDeck(manager, 3597, 'Manager deck');
    const ask = await askApproval(manager, deckId, 'Strategic account');
    expect(ask.statusCode).toBe(201);
    const request = ask.json();
    expect(request.approverRole).toBe('admin');
    // Only admins are asked; the owner is not told of their own request.
    const adminTold = await notificationsOf(admin.id);
    expect(adminTold.some((n) => n.message.includes('“Manager deck”'))).toBe(true);
    for (const other of [manager, otherManager]) {
      const told = await notificationsOf(other.id);
      expect(told.some((n) => n.message.includes('“Manager deck”'))).toBe(false);
    }
    const own = await decide(manager, request.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(approvalMessages.ownDeck);
    const notYours = await decide(otherManager, request.id, 'approve');
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().error.message).toBe(approvalMessages.notYours);
    const list = await requestAs(t.app, otherManager.cookie, 'GET', '/api/approvals');
    const listed = (list.json().requests as { id: string; canDecide: boolean }[]).find(
      (r) => r.id === request.id,
    );
    expect(listed?.canDecide).toBe(false);
    const byAdmin = await decide(admin, request.id, 'approve');
    expect(byAdmin.statusCode).toBe(200);
    await clearedVersionFor(deckId, request.id);
  });

  it('of two approvers at once, exactly one decides and the other is told the result', async () => {
    const deckId = await newDeck(rep, 4500, 'Race deck');
    const request = (await askApproval(rep, deckId)).json();
    const answers = await Promise.all([
      decide(manager, request.id, 'approve'),
      decide(otherManager, request.id, 'reject', 'Too deep.'),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    const loser = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(loser.request).toMatchObject({ id: request.id, state: winner.state });
    const decisions = await t.app.services.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['deck.approval_approved', 'deck.approval_rejected']));
    expect(decisions.filter((entry) => entry.newValue?.includes(request.id))).toHaveLength(1);
    if (winner.state === 'approved') await clearedVersionFor(deckId, request.id);
  });

  it('lists decided requests apart from pending ones, newest first', async () => {
    const pending = await requestAs(t.app, admin.cookie, 'GET', '/api/approvals?state=pending');
    const decided = await requestAs(t.app, admin.cookie, 'GET', '/api/approvals?state=decided');
    const all = await requestAs(t.app, admin.cookie, 'GET', '/api/approvals?state=all');
    const states = (res: typeof all) =>
      (res.json().requests as { state: string }[]).map((r) => r.state);
    expect(new Set(states(pending))).toEqual(new Set(['pending']));
    expect(states(decided).every((s) => s === 'approved' || s === 'rejected')).toBe(true);
    expect(states(all)).toContain('void');
    const times = (all.json().requests as { createdAt: string }[]).map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      (await requestAs(t.app, admin.cookie, 'GET', '/api/approvals?state=nonsense')).statusCode,
    ).toBe(400);
  });
});

describe('what a client sees', () => {
  it('shows a following link the newest cleared version, never a watermarked one', async () => {
    const deckId = await newDeck(rep, 5100, 'Client view');
    await newVersion(rep, deckId, draft(5100, { title: 'Client view', headline: 'Cleared offer' }));
    const link = await createLink(rep, deckId);
    expect(link.statusCode).toBe(201);
    const token = tokenOf(link);
    await newVersion(rep, deckId, draft(4500, { title: 'Client view', headline: 'Deep offer' }));
    const view = await requestAs(t.app, undefined, 'GET', clientLinkPaths.api(token));
    expect(view.statusCode).toBe(200);
    expect(view.json().title).toBe('Cleared offer');
  });

  it('tells the client the proposal is being updated when no version may be shown', async () => {
    const deckId = await newDeck(rep, 5100, 'Updating view');
    const pinned = await createLink(rep, deckId, { pinnedVersion: 1 });
    const following = await createLink(rep, deckId);
    // A version checked before an admin tightened the rules and flagged since: not reachable
    // through the API, so set straight in the database.
    await t.app.services.db
      .update(deckVersions)
      .set({
        dealCheck: {
          needsApproval: true,
          approverRole: 'manager',
          findings: [],
          deckFindings: [],
          listTotalCents: 0,
          pricedTotalCents: 0,
        },
      })
      .where(eq(deckVersions.deckId, deckId));
    for (const token of [tokenOf(pinned), tokenOf(following)]) {
      const api = await requestAs(t.app, undefined, 'GET', clientLinkPaths.api(token));
      expect(api.statusCode).toBe(409);
      expect(api.json().error).toEqual({
        code: 'proposal_updating',
        message: approvalMessages.proposalUpdating,
      });
      const page = await requestAs(t.app, undefined, 'GET', `/v/${token}`);
      expect(page.statusCode).toBe(409);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(approvalMessages.proposalUpdating);
    }
  });
});
