// `@deck-portal/domain/acceptance-rules`: the accept step's texts and totals, with no zod in
// their imports, for the client's page (/v/{token}), which loads as little as it can.

import type { ProposalLine, ProposalSummary } from './deal-desk-api.ts';

export const acceptanceMessages = {
  /** A following link while the deck's newest version awaits price approval. */
  updating:
    'This proposal is being updated: it can be accepted once the new version is ready. Please come back later or ask your contact.',
  /** A new version was made between the page loading and the client accepting. */
  versionChanged:
    'This proposal was updated while you were reading. Reload the page to see the current version.',
  pricesChanged: 'The prices shown are no longer current. Reload the page to see the current ones.',
  termsChanged:
    'The terms changed while you were reading. Reload the page to see the current ones.',
  alreadyAccepted: 'This proposal has already been accepted.',
  notOffered: 'This link does not offer acceptance.',
  notOptional: 'Only the items your contact marked optional can be chosen.',
  optionalNotInDeck: 'Optional items must be products of this deck.',
  deckAccepted: (client: string, date: string) =>
    `This deck was accepted by ${client} on ${date}: duplicate it to make changes.`,
  acceptedKept: (client: string, date: string) =>
    `This deck was accepted by ${client} on ${date}: accepted decks are kept, so it cannot be deleted.`,
  notASignature:
    'Accepting here is a click-to-accept record of your agreement, not a qualified electronic signature.',
} as const;

/**
 * The totals of a summary's included lines: what the accept step shows as the client ticks
 * optional items (the server computes the same on acceptance, and refuses any other total).
 */
export function totalProposal(lines: readonly ProposalLine[]): Omit<ProposalSummary, 'lines'> {
  const included = lines.filter((line) => line.included);
  const subtotalCents = included.reduce((sum, line) => sum + line.amountCents, 0);
  const shippingCents = included.reduce((sum, line) => sum + line.shippingCents, 0);
  const creditsCents = included.reduce((sum, line) => sum + line.creditsCents, 0);
  const totalCents = subtotalCents + shippingCents;
  return {
    subtotalCents,
    shippingCents,
    totalCents,
    creditsCents,
    netCents: totalCents - creditsCents,
  };
}

/** The summary with exactly the chosen optional lines included, totalled again. */
export function chooseOptionalLines(
  summary: ProposalSummary,
  chosenProductIds: readonly string[],
): ProposalSummary {
  const lines = summary.lines.map((line) => ({
    ...line,
    included: !line.optional || chosenProductIds.includes(line.productId),
  }));
  return { lines, ...totalProposal(lines) };
}
