import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mayApprove, type ApprovalRequest, type Role } from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { approvalRequests, decks, users } from '../db/schema.ts';

const requesters = alias(users, 'requesters');
const deciders = alias(users, 'deciders');

/** Approval requests with their deck, owner and the names of who asked and who decided. */
export async function loadApprovalRequests(
  db: Db,
  { where, limit = 200 }: { where: SQL | undefined; limit?: number },
) {
  return db
    .select({
      request: approvalRequests,
      deckTitle: decks.title,
      clientName: decks.clientName,
      owner: { id: users.id, name: users.name, email: users.email },
      requestedBy: requesters.name,
      decidedBy: deciders.name,
    })
    .from(approvalRequests)
    .innerJoin(decks, eq(decks.id, approvalRequests.deckId))
    .innerJoin(users, eq(users.id, decks.ownerId))
    .leftJoin(requesters, eq(requesters.id, approvalRequests.requestedBy))
    .leftJoin(deciders, eq(deciders.id, approvalRequests.decidedBy))
    .where(where)
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(limit);
}

export type ApprovalRequestRow = Awaited<ReturnType<typeof loadApprovalRequests>>[number];

/** One request as the API answers it, with whether `viewer` may decide it now. */
export function toApprovalRequest(
  row: ApprovalRequestRow,
  viewer: { id: string; role: Role },
): ApprovalRequest {
  const { request } = row;
  return {
    id: request.id,
    deckId: request.deckId,
    deckTitle: row.deckTitle,
    clientName: row.clientName,
    owner: row.owner,
    version: request.version,
    state: request.state,
    approverRole: request.approverRole,
    requestedBy: row.requestedBy,
    note: request.note,
    createdAt: request.createdAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    comment: request.comment,
    check: request.dealCheck,
    canDecide:
      request.state === 'pending' &&
      mayApprove(viewer, { ownerId: row.owner.id, approverRole: request.approverRole }),
  };
}

/** The approved users who may decide a request of this owner's deck (never the owner). */
export async function approversOf(
  db: Db,
  { ownerId, approverRole }: { ownerId: string; approverRole: 'manager' | 'admin' },
) {
  const candidates = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.status, 'approved'), inArray(users.role, ['manager', 'admin'])));
  return candidates.filter((candidate) => mayApprove(candidate, { ownerId, approverRole }));
}
