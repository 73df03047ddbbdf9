import { and, eq, sql } from 'drizzle-orm';
import { approvalMessages, approverRoleLabel } from '@deck-portal/domain';
import { approvalRequests, deckVersions, users } from '../db/schema.ts';
import type { DeckRow } from '../decks/deck-access.ts';
import { AppError } from '../http/app-error.ts';
import { noticePage } from '../http/notice-page.ts';
import type { Services } from '../services.ts';
import { decisionRulesOf } from './decision-rules.ts';
import { isVersionCleared } from './version-clearance.ts';

/**
 * Refuses a client link (409 `approval_required`) to a version whose prices await approval:
 * the pinned one, or the newest. A version that does not exist is left to the caller to refuse.
 */
export async function assertLinkMayShow(
  services: Pick<Services, 'db' | 'clock'>,
  deck: DeckRow,
  pinnedVersion?: number | null,
) {
  const { db } = services;
  const [version] = await db
    .select({ dealCheck: deckVersions.dealCheck, approvedBy: deckVersions.approvedBy })
    .from(deckVersions)
    .where(
      and(
        eq(deckVersions.deckId, deck.id),
        eq(deckVersions.number, pinnedVersion ?? deck.currentVersion),
      ),
    );
  if (version && !isVersionCleared(version)) {
    // Once asked, the rep is told who it waits for (as the deck page says it, under today's
    // limits), not to ask again.
    const [pending] = await db
      .select({ version: approvalRequests.version, approverRole: approvalRequests.approverRole })
      .from(approvalRequests)
      .where(and(eq(approvalRequests.deckId, deck.id), eq(approvalRequests.state, 'pending')));
    let message: string = approvalMessages.linkRefused;
    if (pending) {
      const [owner] = await db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, deck.ownerId));
      const rules = await decisionRulesOf(services, {
        deckId: deck.id,
        version: pending.version,
        approverRole: pending.approverRole,
        ownerRole: owner?.role ?? 'sales_rep',
      });
      message = approvalMessages.linkPending(approverRoleLabel[rules.approverRole]);
    }
    throw new AppError('approval_required', message, { status: 409 });
  }
}

/**
 * SQL for "this version may be shown to a client", on `deck_versions` under the name `table`
 * (isVersionCleared in SQL): checked before the deal desk, within its owner's limits, or
 * approved.
 */
export function clearedVersionSql(table: string) {
  const t = sql.identifier(table);
  return sql`(${t}.deal_check is null or coalesce((${t}.deal_check->>'needsApproval')::boolean, false) = false or ${t}.approved_by_request is not null)`;
}

/** The refusal of a link whose deck has no version a client may see yet. */
export function proposalUpdating() {
  return new AppError('proposal_updating', approvalMessages.proposalUpdating, { status: 409 });
}

/** The client's page while the link's deck has no version they may see. */
export const proposalUpdatingPageHtml = noticePage(
  'Proposal being updated',
  approvalMessages.proposalUpdating,
);
