import { z } from 'zod';
import type { ProductSelection } from './deck/deck-draft.ts';
import { productKinds } from './deck/price-book.ts';
import { deepestDiscountText, type DealCheck, type DecisionRefusal } from './deal-desk.ts';
import { roleSchema } from './users.ts';
import { plainText } from './text.ts';

/**
 * The deal desk's API (issue 19): approval of decks priced past their owner's limits, and the
 * client's acceptance on a client link. DESIGN.md's API table lists the routes.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const dealCheckSchema = z.custom<DealCheck>((value) => typeof value === 'object' && value !== null);
/** A stored version's product selection, as the server made it (validated when it was made). */
const selectionSchema = z.custom<ProductSelection>(
  (value) => typeof value === 'object' && value !== null,
);

/**
 * Where a deck stands with the deal desk, for its newest version:
 * - `not_needed`: its prices are within its owner's limits;
 * - `needs_approval`: past them, and no request is open (never asked, or the last one was
 *   rejected or voided);
 * - `pending`: a request waits for an approver;
 * - `approved`: an approver cleared these prices (a price change voids it).
 */
/** The approvers' page in the portal. */
export const approvalsPath = '/approvals';

export const approvalStates = ['not_needed', 'needs_approval', 'pending', 'approved'] as const;
export type ApprovalState = (typeof approvalStates)[number];

export const approvalRequestStates = ['pending', 'approved', 'rejected', 'void'] as const;
export type ApprovalRequestState = (typeof approvalRequestStates)[number];

export const approvalRequestSchema = z.object({
  id: z.string(),
  deckId: z.string(),
  deckTitle: z.string(),
  clientName: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The version whose prices were put to the approver. */
  version: z.number().int(),
  state: z.enum(approvalRequestStates),
  approverRole: z.enum(['manager', 'admin']),
  requestedBy: z.string().nullable(),
  note: z.string(),
  createdAt: isoDateTime,
  decidedBy: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
  comment: z.string().nullable(),
  /** The prices against list and limits, as checked for that version. */
  check: dealCheckSchema,
  /** Whether the caller may approve or reject it. */
  canDecide: z.boolean(),
  /** Why the caller may not decide it while it waits (they set its prices, it needs an administrator…). */
  cannotDecideReason: z.string().nullable().optional(),
  /** Who set its prices: the makers of the versions with them (names). */
  pricedBy: z.array(z.string()).optional(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** The deal desk's part of a deck's details. */
export const deckApprovalSchema = z.object({
  state: z.enum(approvalStates),
  /** The newest version's check against its owner's limits. */
  check: dealCheckSchema,
  /** The newest request for this deck (any state), if there was one. */
  request: approvalRequestSchema.nullable(),
  /**
   * The priced figures the deck's newest approval cleared: a new version with the same ones
   * (samePricedFigures) is approved already. Null when none was approved.
   */
  approvedSelection: selectionSchema.nullable().optional(),
  /** The priced figures a waiting request asks about (null when none waits). */
  pendingSelection: selectionSchema.nullable().optional(),
  /** The deck owner's role: prices are checked against the owner's limits, whoever edits. */
  ownerRole: roleSchema.optional(),
});
export type DeckApproval = z.infer<typeof deckApprovalSchema>;

export const requestApprovalSchema = z.object({
  note: plainText('Note', { isMultiline: true })
    .trim()
    .max(2000, 'The note must be at most 2,000 characters.')
    .default(''),
});

export const decideApprovalSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject.' }),
  comment: plainText('Comment', { isMultiline: true })
    .trim()
    .max(2000, 'The comment must be at most 2,000 characters.')
    .default(''),
});

export const approvalsQuerySchema = z.object({
  state: z.enum(['pending', 'decided', 'all']).default('pending'),
});

export const approvalsResponseSchema = z.object({ requests: z.array(approvalRequestSchema) });

export const approvalMessages = {
  linkRefused:
    'This deck has prices past your limits: a client cannot see it until it is approved. Request approval first.',
  notNeeded: 'This deck’s prices are within your limits: it needs no approval.',
  alreadyPending: 'An approval request for this deck is already waiting for an approver.',
  ownDeck: 'You cannot approve your own deck.',
  notYours: 'Only an administrator can decide a request for a sales manager’s deck.',
  /** A version with these prices was made by the approver: someone else must judge them. */
  ownPrices:
    'You set these prices (you made a version of the deck with them): another approver must decide.',
  ownRequest: 'You asked for this approval: another approver must decide.',
  /** A rep's price deeper than a manager may give: `depth` is deepestDiscountText's sentence. */
  needsAdmin: (depth: string | null) =>
    `An administrator must approve these prices: they go past what a sales manager may give.${depth ? ` ${depth}` : ''}`,
  /** A client link refused while a request waits for `approver` ('a sales manager'). */
  linkPending: (approver: string) =>
    `Approval of this deck’s prices was requested and is waiting for ${approver}: a client link can be created once it is approved.`,
  alreadyDecided: 'This request was already decided.',
  rejectNeedsComment: 'Say why you reject it, so the rep knows what to change.',
  /** A client link whose deck has no version cleared for clients (its prices await approval). */
  proposalUpdating:
    'This proposal is being updated and cannot be shown right now. Please try again later or ask the sender.',
  /** The approvers' notice when a price change voids the request they were asked to decide. */
  withdrawn: (deck: { ownerName: string; title: string; clientName: string }) =>
    `The prices of “${deck.title}” for ${deck.clientName} changed after ${deck.ownerName} asked for approval: the request is withdrawn, nothing is left to decide.`,
} as const;

/** The sentence an approver reads (and the 403 says) when they may not decide a request. */
export function decisionRefusalMessage(
  refusal: DecisionRefusal,
  request: { check: DealCheck; isOwnerManager: boolean },
): string {
  switch (refusal) {
    case 'own_deck':
      return approvalMessages.ownDeck;
    case 'own_prices':
      return approvalMessages.ownPrices;
    case 'own_request':
      return approvalMessages.ownRequest;
    case 'needs_admin':
      return request.isOwnerManager
        ? approvalMessages.notYours
        : approvalMessages.needsAdmin(deepestDiscountText(request.check));
  }
}

/** One line of the priced summary a client accepts. */
export const proposalLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /**
   * How it is paid, as the deck's quote says: a subscription's amount is per year and never in
   * the total. Goods when absent: lines recorded before lines had a kind were totalled as such.
   */
  kind: z.enum(productKinds).optional(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  shippingCents: z.number().int(),
  /** The investment tax credit of this line, as its pricing slide rounds it (0 when none). */
  creditsCents: z.number().int(),
  /** The rep marked it optional: the client chooses whether it is in. */
  optional: z.boolean(),
  /** Whether it counts in the totals (always, unless optional and not chosen). */
  included: z.boolean(),
});

export type ProposalLine = z.infer<typeof proposalLineSchema>;

/** The priced summary on the accept step, computed by the server, never taken from a client. */
export const proposalSummarySchema = z.object({
  lines: z.array(proposalLineSchema),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  /** What the client pays: the one-off lines (goods and services) with shipping. */
  totalCents: z.number().int(),
  /** The subscriptions' amounts: what the client pays every year, apart from the total. */
  yearlyCents: z.number().int(),
  /** The estimated tax credits on the one-off lines: an estimate, never taken off the total. */
  creditsCents: z.number().int(),
  netCents: z.number().int(),
  /** The currency of its amounts (US dollars when absent: summaries made before markets). */
  currency: z.string().optional(),
  /**
   * The market's tax on the one-off lines with shipping, as the deck's quote states it (issue
   * 50): added to the total, or the part of it that is tax; absent where the market has none.
   */
  tax: z
    .object({
      name: z.string(),
      percent: z.number(),
      inclusive: z.boolean(),
      cents: z.number().int(),
    })
    .optional(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const acceptProposalRequestSchema = z.object({
  fullName: plainText('Full name')
    .trim()
    .min(1, 'Enter your full name.')
    .max(120, 'Your name can be at most 120 characters.'),
  jobTitle: plainText('Title')
    .trim()
    .min(1, 'Enter your title.')
    .max(120, 'Your title can be at most 120 characters.'),
  agree: z.literal(true, { error: 'Tick “I accept” to accept the proposal.' }),
  optionalProductIds: z.array(z.string().max(100)).max(100).default([]),
  /** The total the client saw: refused when it is not the server's. */
  totalCents: z.number().int(),
  /** The SHA-256 of the terms the client saw: refused when the terms changed since. */
  termsSha256: z.string().max(64),
  /** The version the client saw and accepts: refused when the link shows another now. */
  version: z.number().int().min(1),
});

export const declineProposalRequestSchema = z.object({
  reason: plainText('Reason', { isMultiline: true })
    .trim()
    .max(2000, 'The reason can be at most 2,000 characters.')
    .default(''),
});

/** A client's answer to a proposal, as the rep sees it. */
export const proposalResponseSchema = z.object({
  id: z.string(),
  kind: z.enum(['accepted', 'declined']),
  linkId: z.string().nullable(),
  version: z.number().int(),
  fullName: z.string().nullable(),
  jobTitle: z.string().nullable(),
  reason: z.string().nullable(),
  summary: proposalSummarySchema.nullable(),
  pdfSha256: z.string().nullable(),
  createdAt: isoDateTime,
  /** The confirmation PDF with its acceptance certificate (accepted only). */
  certificateUrl: z.string().nullable(),
});
export type ProposalResponse = z.infer<typeof proposalResponseSchema>;

/** The client's acceptance, as the client page shows it once made. */
export const clientAcceptedSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  jobTitle: z.string(),
  acceptedAt: isoDateTime,
  summary: proposalSummarySchema,
});
export type ClientAccepted = z.infer<typeof clientAcceptedSchema>;

/**
 * The accept step of a client link (`clientView.acceptance`), when the rep offered it:
 * - `open`: the client may accept or decline (a declined proposal may still be accepted);
 * - `accepted`: `accepted` holds the record; nothing more can be done.
 * `version` is the version shown, the one an acceptance records. `isUpdating` says a link that
 * follows the newest version shows an earlier one because the newest awaits price approval:
 * accepting waits until it is cleared (and shown).
 */
export const clientAcceptanceSchema = z.object({
  state: z.enum(['open', 'accepted', 'declined']),
  version: z.number().int(),
  isUpdating: z.boolean(),
  termsText: z.string(),
  termsSha256: z.string(),
  /** Optional lines start left out; the client's choices are totalled in the browser for display only. */
  summary: proposalSummarySchema,
  accepted: clientAcceptedSchema.nullable(),
  declinedAt: isoDateTime.nullable(),
});
export type ClientAcceptance = z.infer<typeof clientAcceptanceSchema>;

export const acceptProposalResponseSchema = z.object({ accepted: clientAcceptedSchema });

/** 409 `already_accepted` carries the record that was made first. */
export const alreadyAcceptedErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  accepted: clientAcceptedSchema,
});

export const proposalResponsesSchema = z.object({ responses: z.array(proposalResponseSchema) });

export {
  acceptanceMessages,
  chooseOptionalLines,
  readStoredSummary,
  totalProposal,
  type StoredProposalSummary,
} from './acceptance-rules.ts';
