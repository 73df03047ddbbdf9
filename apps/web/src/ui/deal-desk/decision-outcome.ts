import type { ApprovalRequest } from '@deck-portal/domain';
import { formatShortDate } from '../../lib/format-date.ts';

/** A decided request in a sentence: 'Approved by Mia Manager on Mar 5, 2031 — “Fine.”'. */
export function decisionOutcome(request: ApprovalRequest): string {
  const by = request.decidedBy ?? 'an approver';
  const on = request.decidedAt ? ` on ${formatShortDate(request.decidedAt)}` : '';
  switch (request.state) {
    case 'approved':
      return `Approved by ${by}${on}${request.comment ? ` — “${request.comment}”` : '.'}`;
    case 'rejected':
      return `Rejected by ${by}${on}${request.comment ? `: ${request.comment}` : '.'}`;
    case 'void':
      return 'Void: the deck’s prices changed after the request.';
    default:
      return 'Waiting for a decision.';
  }
}
