import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvalMessages } from '@deck-portal/domain';
import { approvalRequests, decks, notifications } from '../../src/db/schema.ts';
import { decideApproval } from '../../src/deal-desk/decide-approval.ts';
import { requestApproval } from '../../src/deal-desk/request-approval.ts';
import { batteryDraft, settledGeneration, useUseCaseWorld } from './use-case-world.ts';

// The deal desk's approval, below HTTP: a rep's deck priced past their limit, put to a manager,
// approved (a new version, cleared) or rejected (nothing made). Battery Backup lists at $5,995;
// a rep may give 15% off without approval. HTTP's side (who reaches which route, the 409 body)
// is deal-desk-approval.test.ts's.

const w = useUseCaseWorld();

/** A rep's deck a quarter under list (past their limit), made: its id. */
async function discountedDeck(title: string) {
  return w.madeDeck(w.rep, batteryDraft(w.slideIds, { title, price: 4500 }));
}

const requestRow = async (id: string) =>
  (await w.services.db.select().from(approvalRequests).where(eq(approvalRequests.id, id)))[0];
const messagesTo = async (userId: string) =>
  (
    await w.services.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.recipientUserId, userId))
  ).map((row) => row.message);

describe('approving a deck’s prices', () => {
  it('makes the deck’s next version, cleared, and tells the rep', async () => {
    const deckId = await discountedDeck('Approved deck');
    const [first] = await w.versionsOf(deckId);
    expect(first!.dealCheck).toMatchObject({ needsApproval: true, approverRole: 'manager' });
    expect(first!.approvedBy).toBeNull();

    const asked = await requestApproval(w.services, { user: w.rep, deckId, note: 'A big order' });
    expect(asked).toMatchObject({
      deckId,
      version: 1,
      state: 'pending',
      approverRole: 'manager',
      requestedBy: 'Riley Rep',
      note: 'A big order',
    });
    expect(await messagesTo(w.manager.id)).toHaveLength(1);

    const decided = await decideApproval(w.services, {
      user: w.manager,
      requestId: asked.id,
      decision: { decision: 'approve', comment: '' },
    });
    expect(decided).toMatchObject({ id: asked.id, state: 'approved', decidedBy: 'Morgan Manager' });
    expect(await requestRow(asked.id)).toMatchObject({
      state: 'approved',
      decidedBy: w.manager.id,
      comment: null,
    });

    // The approval's version is made by a job: the deck's newest draft, without the watermark.
    const settled = await settledGeneration(w.services, deckId);
    expect(settled).toMatchObject({ status: 'completed', version: 2 });
    const [, second] = await w.versionsOf(deckId);
    expect(second).toMatchObject({
      number: 2,
      approvedBy: asked.id,
      createdBy: w.manager.id,
      changes: ['Prices approved: made again without the watermark'],
    });
    expect(second!.draft.productSelection).toEqual(first!.draft.productSelection);
    const [deck] = await w.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.currentVersion).toBe(2);
    expect(await messagesTo(w.rep.id)).toContainEqual(
      expect.stringContaining('Morgan Manager approved the prices of “Approved deck”'),
    );
  });

  it('lets one decision stand: a second is told what was decided', async () => {
    const deckId = await discountedDeck('Decided once');
    const asked = await requestApproval(w.services, { user: w.rep, deckId, note: '' });
    const decision = { decision: 'approve' as const, comment: '' };
    await decideApproval(w.services, { user: w.manager, requestId: asked.id, decision });
    await expect(
      decideApproval(w.services, { user: w.manager, requestId: asked.id, decision }),
    ).rejects.toMatchObject({
      code: 'already_decided',
      statusCode: 409,
      request: { id: asked.id, state: 'approved' },
    });
    await settledGeneration(w.services, deckId);
    expect(await w.versionsOf(deckId)).toHaveLength(2);
  });

  it('refuses the rep’s own decision, and a request nobody needs', async () => {
    const deckId = await discountedDeck('Not the rep’s call');
    const asked = await requestApproval(w.services, { user: w.rep, deckId, note: '' });
    await expect(
      decideApproval(w.services, {
        user: w.rep,
        requestId: asked.id,
        decision: { decision: 'approve', comment: '' },
      }),
    ).rejects.toMatchObject({ code: 'forbidden', statusCode: 403 });
    expect(await requestRow(asked.id)).toMatchObject({ state: 'pending' });
    // One request waits already.
    await expect(
      requestApproval(w.services, { user: w.rep, deckId, note: 'again' }),
    ).rejects.toMatchObject({ statusCode: 409 });

    const withinLimits = batteryDraft(w.slideIds, { title: 'At list', price: 5995 });
    const atList = await w.madeDeck(w.rep, withinLimits);
    await expect(
      requestApproval(w.services, { user: w.rep, deckId: atList, note: '' }),
    ).rejects.toMatchObject({ code: 'approval_not_needed', message: approvalMessages.notNeeded });
  });
});

describe('rejecting a deck’s prices', () => {
  it('needs a comment, tells the rep why, and makes no version', async () => {
    const deckId = await discountedDeck('Rejected deck');
    const asked = await requestApproval(w.services, { user: w.rep, deckId, note: '' });
    await expect(
      decideApproval(w.services, {
        user: w.manager,
        requestId: asked.id,
        decision: { decision: 'reject', comment: '' },
      }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { comment: approvalMessages.rejectNeedsComment },
    });
    expect(await requestRow(asked.id)).toMatchObject({ state: 'pending' });

    const rejected = await decideApproval(w.services, {
      user: w.manager,
      requestId: asked.id,
      decision: { decision: 'reject', comment: 'Too deep for this client.' },
    });
    expect(rejected).toMatchObject({ state: 'rejected', comment: 'Too deep for this client.' });
    expect(await w.versionsOf(deckId)).toHaveLength(1);
    const [deck] = await w.services.db.select().from(decks).where(eq(decks.id, deckId));
    expect(deck!.currentVersion).toBe(1);
    expect(await messagesTo(w.rep.id)).toContainEqual(
      expect.stringContaining('Too deep for this client.'),
    );
  });
});
