import { and, desc, eq, sql } from 'drizzle-orm';
import {
  APPROVAL_WATERMARK,
  approvalMessages,
  deckPagePath,
  checkDeal,
  samePricedFigures,
  type DealCheck,
  type PriceBook,
  type ProductSelection,
} from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';
import { approvalRequests, deckVersions, decks, notifications, users } from '../db/schema.ts';
import { bookInMarket, type PricingContext } from '../markets/pricing-context.ts';
import { approversOf } from './approval-rows.ts';
import { loadDealDeskSettings } from './deal-desk-settings.ts';
import { decisionRulesOf } from './decision-rules.ts';

const ownerRole = preparedQuery((db) =>
  db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, sql.placeholder('ownerId')))
    .prepare('owner_role'),
);
/** What the deal desk says of a version about to be made, stored on its row. */
export type VersionClearance = {
  dealCheck: DealCheck;
  /** The approval that clears its prices, when they need one and have it. */
  approvedByRequest: string | null;
  /** The watermark its files carry: only when it needs approval and is not cleared. */
  watermark: string | undefined;
};

/** Whether a stored version may be shown to a client: its prices need no approval or have it. */
export function isVersionCleared(version: {
  dealCheck: DealCheck | null;
  approvedBy: string | null;
}) {
  return !version.dealCheck?.needsApproval || version.approvedBy !== null;
}

/**
 * Checks a version's prices, from the price book it is priced from, against the limits of the
 * deck OWNER's role (whoever makes the version). It is cleared when `approvalRequestId` names
 * the approval it is made for, or when its priced figures are those the deck's newest approval
 * cleared (a title change keeps an approval; a price change does not).
 */
export async function decideClearance(
  db: Db,
  {
    deckId,
    ownerId,
    selection,
    priceBook,
    pricing,
    approvalRequestId,
  }: {
    /** The deck the version is added to; null for a deck's first version. */
    deckId: string | null;
    ownerId: string;
    selection: ProductSelection;
    /** The book in US dollars, as the version records it. */
    priceBook: PriceBook;
    /** Its market and price lists: prices are checked in its currency (US dollars when absent). */
    pricing?: PricingContext | undefined;
    approvalRequestId?: string | null | undefined;
  },
): Promise<VersionClearance> {
  const [settings, [owner]] = await Promise.all([
    loadDealDeskSettings(db),
    ownerRole(db).execute({ ownerId }),
  ]);
  // An owner whose account is gone is held to a rep's limits.
  const dealCheck = pricing
    ? checkDeal(selection, bookInMarket(priceBook, pricing), settings, owner?.role ?? 'sales_rep', {
        currency: pricing.market.currency,
        dollarBook: priceBook,
      })
    : checkDeal(selection, priceBook, settings, owner?.role ?? 'sales_rep');
  if (!dealCheck.needsApproval) return { dealCheck, approvedByRequest: null, watermark: undefined };
  const approvedByRequest =
    approvalRequestId ?? (deckId ? await carriedApproval(db, deckId, selection) : null);
  return {
    dealCheck,
    approvedByRequest,
    watermark: approvedByRequest ? undefined : APPROVAL_WATERMARK,
  };
}

/**
 * The deck's newest approval, when it cleared these very figures. An approval clears the
 * version its job makes and every later one with the same figures; it is looked up by request
 * rather than by version, so that a version made again after the approval's own rendering
 * failed is cleared too.
 */
async function carriedApproval(db: Db, deckId: string, selection: ProductSelection) {
  const approved = await newestApproval(db, deckId);
  if (!approved || !samePricedFigures(approved.selection, selection)) return null;
  return approved.id;
}

/** The deck's newest approved request and the product selection (priced figures) it cleared. */
export async function newestApproval(db: Db, deckId: string) {
  const [approved] = await db
    .select({ id: approvalRequests.id, draft: deckVersions.draft })
    .from(approvalRequests)
    .innerJoin(
      deckVersions,
      and(
        eq(deckVersions.deckId, approvalRequests.deckId),
        eq(deckVersions.number, approvalRequests.version),
      ),
    )
    .where(and(eq(approvalRequests.deckId, deckId), eq(approvalRequests.state, 'approved')))
    .orderBy(desc(approvalRequests.decidedAt), desc(approvalRequests.createdAt))
    .limit(1);
  return approved ? { id: approved.id, selection: approved.draft.productSelection } : null;
}

/**
 * A price change voids the deck's pending request: the approver would be clearing figures the
 * deck no longer has, and is told so in-app (the request leaves their inbox). A version with the
 * request's figures (a new title) leaves it waiting. Runs in the transaction that adds the version.
 */
export async function voidChangedRequests(
  tx: Db,
  { deckId, selection, at }: { deckId: string; selection: ProductSelection; at: Date },
) {
  const [pending] = await tx
    .select({
      id: approvalRequests.id,
      version: approvalRequests.version,
      approverRole: approvalRequests.approverRole,
      requestedBy: approvalRequests.requestedBy,
      draft: deckVersions.draft,
    })
    .from(approvalRequests)
    .innerJoin(
      deckVersions,
      and(
        eq(deckVersions.deckId, approvalRequests.deckId),
        eq(deckVersions.number, approvalRequests.version),
      ),
    )
    .where(and(eq(approvalRequests.deckId, deckId), eq(approvalRequests.state, 'pending')));
  if (!pending || samePricedFigures(pending.draft.productSelection, selection)) return;
  const voided = await tx
    .update(approvalRequests)
    .set({ state: 'void' })
    .where(and(eq(approvalRequests.id, pending.id), eq(approvalRequests.state, 'pending')))
    .returning({ id: approvalRequests.id });
  if (voided.length === 0) return;
  const [deck] = await tx
    .select({ title: decks.title, clientName: decks.clientName, ownerId: decks.ownerId })
    .from(decks)
    .where(eq(decks.id, deckId));
  if (!deck) return;
  const [owner] = await tx
    .select({ name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, deck.ownerId));
  // Those who were asked are told, as they were chosen: not who set the prices or asked.
  const rules = await decisionRulesOf(
    { db: tx, clock: { now: () => at } },
    {
      deckId,
      version: pending.version,
      approverRole: pending.approverRole,
      ownerRole: owner?.role ?? 'sales_rep',
    },
  );
  const approvers = await approversOf(tx, {
    ownerId: deck.ownerId,
    approverRole: pending.approverRole,
    pricedBy: rules.pricedBy.map((maker) => maker.id),
    requestedBy: pending.requestedBy,
  });
  if (approvers.length === 0) return;
  await tx.insert(notifications).values(
    approvers.map((approver) => ({
      recipientUserId: approver.id,
      subjectUserId: deck.ownerId,
      message: approvalMessages.withdrawn({
        ownerName: owner?.name ?? 'A former colleague',
        title: deck.title,
        clientName: deck.clientName,
      }),
      linkPath: deckPagePath(deckId),
      createdAt: at,
    })),
  );
}
