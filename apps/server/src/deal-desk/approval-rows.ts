import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  decisionRefusal,
  decisionRefusalMessage,
  mayApprove,
  type ApprovalRequest,
  type ApproverRole,
  type Role,
} from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import { approvalRequests, decks, users } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { loadDecisionRules, type DecisionRules } from './decision-rules.ts';

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
      ownerRole: users.role,
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

/** The rules of each row's request (who set its prices, who must approve them now), by id. */
export function rulesOfRows(
  services: Pick<Services, 'db' | 'clock'>,
  rows: readonly ApprovalRequestRow[],
) {
  return loadDecisionRules(
    services,
    rows.map((row) => ({
      id: row.request.id,
      deckId: row.request.deckId,
      version: row.request.version,
      approverRole: row.request.approverRole,
      ownerRole: row.ownerRole,
    })),
  );
}

/**
 * One request as the API answers it, with whether `viewer` may decide it now and, for an
 * approver who may not, why. `rules` holds who must approve it under today's limits, which may
 * be stricter than when it was asked.
 */
export function toApprovalRequest(
  row: ApprovalRequestRow,
  viewer: { id: string; role: Role },
  rules: DecisionRules | undefined,
): ApprovalRequest {
  const { request } = row;
  const approverRole = rules?.approverRole ?? request.approverRole;
  const isApprover = viewer.role === 'manager' || viewer.role === 'admin';
  const refusal =
    request.state === 'pending'
      ? decisionRefusal(viewer, {
          ownerId: row.owner.id,
          approverRole,
          pricedBy: rules?.pricedBy.map((maker) => maker.id) ?? [],
          requestedBy: request.requestedBy,
        })
      : null;
  return {
    id: request.id,
    deckId: request.deckId,
    deckTitle: row.deckTitle,
    clientName: row.clientName,
    owner: row.owner,
    version: request.version,
    state: request.state,
    approverRole,
    requestedBy: row.requestedBy,
    note: request.note,
    createdAt: request.createdAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    comment: request.comment,
    check: request.dealCheck,
    canDecide: request.state === 'pending' && refusal === null,
    cannotDecideReason:
      refusal && isApprover
        ? decisionRefusalMessage(refusal, {
            check: rules?.check ?? request.dealCheck,
            isOwnerManager: row.ownerRole === 'manager',
          })
        : null,
    pricedBy: rules?.pricedBy.map((maker) => maker.name) ?? [],
  };
}

/**
 * The approved users who may decide a request of this owner's deck: never the owner, nor
 * whoever set its prices (`pricedBy`) or asked (`requestedBy`).
 */
export async function approversOf(
  db: Db,
  request: {
    ownerId: string;
    approverRole: ApproverRole;
    pricedBy?: readonly string[];
    requestedBy?: string | null;
  },
) {
  const candidates = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.status, 'approved'), inArray(users.role, ['manager', 'admin'])));
  return candidates.filter((candidate) => mayApprove(candidate, request));
}
