import { and, eq } from 'drizzle-orm';
import {
  samePricedFigures,
  type ApprovalState,
  type DealCheck,
  type DeckApproval,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { approvalRequests, deckVersions, users } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { loadVersion } from '../decks/deck-versions.ts';
import type { Services } from '../services.ts';
import { loadApprovalRequests, rulesOfRows, toApprovalRequest } from './approval-rows.ts';
import { newestApproval } from './version-clearance.ts';

/** The check of a version made before the deal desk: nothing to approve. */
const uncheckedVersion: DealCheck = {
  needsApproval: false,
  approverRole: null,
  findings: [],
  deckFindings: [],
  listTotalCents: 0,
  pricedTotalCents: 0,
};

/**
 * Where a deck stands with the deal desk, for its newest version: whether its prices need
 * approval, and the newest request (any state) with whether the caller may decide it; for the
 * wizard's Modify, the figures already approved or waiting, and whose limits hold.
 */
export async function getDeckApproval(
  services: Pick<Services, 'db' | 'clock'>,
  { user, deckId }: { user: User; deckId: string },
): Promise<DeckApproval> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'view' });
  const version = await loadVersion(services.db, deck.id, deck.currentVersion);
  const [row] = await loadApprovalRequests(services.db, {
    where: eq(approvalRequests.deckId, deck.id),
    limit: 1,
  });
  const check = version.dealCheck ?? uncheckedVersion;
  const state = await approvalState(services.db, {
    check,
    current: version.number,
    approvedBy: version.approvedBy,
    newest: version.draft.productSelection,
    request: row?.request,
  });
  const isPending = row?.request.state === 'pending';
  const [rules, approved, [owner], [pending]] = await Promise.all([
    row ? rulesOfRows(services, [row]) : undefined,
    newestApproval(services.db, deck.id),
    services.db.select({ role: users.role }).from(users).where(eq(users.id, deck.ownerId)),
    isPending
      ? services.db
          .select({ draft: deckVersions.draft })
          .from(deckVersions)
          .where(
            and(eq(deckVersions.deckId, deck.id), eq(deckVersions.number, row.request.version)),
          )
      : [],
  ]);
  return {
    state,
    check,
    request: row ? toApprovalRequest(row, user, rules?.get(row.request.id)) : null,
    approvedSelection: approved?.selection ?? null,
    pendingSelection: pending?.draft.productSelection ?? null,
    // An owner whose account is gone is held to a rep's limits.
    ownerRole: owner?.role ?? 'sales_rep',
  };
}

async function approvalState(
  db: Db,
  {
    check,
    current,
    approvedBy,
    newest,
    request,
  }: {
    check: DealCheck;
    current: number;
    approvedBy: string | null;
    newest: Parameters<typeof samePricedFigures>[0];
    request: { id: string; deckId: string; version: number; state: string } | undefined;
  },
): Promise<ApprovalState> {
  if (!check.needsApproval) return 'not_needed';
  if (approvedBy) return 'approved';
  if (request?.state === 'pending') return 'pending';
  if (request?.state === 'approved') {
    // Approved, and its version without the watermark still being made (no version carries
    // the approval yet, or the one that does came after the deck was read, committed between
    // this request's reads): approved already, unless the prices changed since.
    const [made] = await db
      .select({ number: deckVersions.number })
      .from(deckVersions)
      .where(and(eq(deckVersions.deckId, request.deckId), eq(deckVersions.approvedBy, request.id)))
      .limit(1);
    const [asked] = await db
      .select({ draft: deckVersions.draft })
      .from(deckVersions)
      .where(
        and(eq(deckVersions.deckId, request.deckId), eq(deckVersions.number, request.version)),
      );
    const isMade = made !== undefined && made.number <= current;
    if (!isMade && asked && samePricedFigures(asked.draft.productSelection, newest)) {
      return 'approved';
    }
  }
  return 'needs_approval';
}
