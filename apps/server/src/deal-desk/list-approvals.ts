import { inArray } from 'drizzle-orm';
import type { ApprovalRequest, ApprovalRequestState } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { approvalRequests } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { loadApprovalRequests, rulesOfRows, toApprovalRequest } from './approval-rows.ts';

const statesShown: Record<'pending' | 'decided' | 'all', ApprovalRequestState[] | null> = {
  pending: ['pending'],
  decided: ['approved', 'rejected'],
  all: null,
};

/** The approval requests an approver sees at /approvals, newest first. */
export async function listApprovals(
  services: Pick<Services, 'db' | 'clock'>,
  { user, state }: { user: User; state: 'pending' | 'decided' | 'all' },
): Promise<{ requests: ApprovalRequest[] }> {
  const states = statesShown[state];
  const rows = await loadApprovalRequests(services.db, {
    where: states ? inArray(approvalRequests.state, states) : undefined,
  });
  const rules = await rulesOfRows(services, rows);
  return {
    requests: rows.map((row) => toApprovalRequest(row, user, rules.get(row.request.id))),
  };
}
