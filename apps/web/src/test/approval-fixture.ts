import type { ApprovalRequest, DealCheck } from '@deck-portal/domain';
import { approvedUser } from './render-app.tsx';

/** A rep's deck with one Battery Backup at 40% off list, past the rep's 15%. */
export const fortyPercentOff: DealCheck = {
  needsApproval: true,
  approverRole: 'manager',
  findings: [
    {
      productId: 'battery_backup',
      productName: 'Battery Backup',
      unitPrice: 3597,
      listPrice: 5995,
      discountPercent: 40,
      limitPercent: 15,
      floorPrice: 4000,
      reason: 'floor',
      message: '$3,597.00 is below the floor price of $4,000.00 for Battery Backup.',
    },
  ],
  deckFindings: [
    {
      reason: 'total_discount',
      message: 'The whole quote is 40% below list: past the deck limit of 20%.',
    },
  ],
  listTotalCents: 599_500,
  pricedTotalCents: 359_700,
};

/** An approval request as the API answers it: pending, for a manager, unless `overrides` say. */
export function approvalRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id: 'r1',
    deckId: 'd1',
    deckTitle: 'Q3 proposal',
    clientName: 'Polar Foods',
    owner: { id: approvedUser.id, name: approvedUser.name, email: approvedUser.email },
    version: 1,
    state: 'pending',
    approverRole: 'manager',
    requestedBy: approvedUser.name,
    note: 'They have a competing offer at this price.',
    createdAt: '2031-03-05T12:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    comment: null,
    check: fortyPercentOff,
    canDecide: true,
    ...overrides,
  };
}
