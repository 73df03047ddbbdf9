// `@deck-portal/domain/acceptance-rules`: the accept step's texts and totals, with no zod in
// their imports, for the client's page (/v/{token}), which loads as little as it can.

import type { ProposalLine, ProposalSummary } from './deal-desk-api.ts';
import { taxCents } from './deck/money.ts';

/** What a summary's totals are in besides its lines: its currency and its market's tax. */
export interface ProposalTerms {
  currency?: string | undefined;
  tax?: { name: string; percent: number; inclusive: boolean } | null | undefined;
}

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
 * As the deck's quote: the total is what the client pays now (goods and services with their
 * shipping); subscriptions add up apart, per year; the credits are an estimate on the one-off
 * lines; the market's tax is added to the total or stated as part of it, on the same amount and
 * rounded as the deck's quote does it. A line without a kind (recorded before lines had one)
 * counts as goods.
 */
export function totalProposal(
  lines: readonly ProposalLine[],
  { currency, tax }: ProposalTerms = {},
): Omit<ProposalSummary, 'lines'> {
  const included = lines.filter((line) => line.included);
  const once = included.filter((line) => line.kind !== 'subscription');
  const sum = (of: readonly ProposalLine[], cents: (line: ProposalLine) => number) =>
    of.reduce((total, line) => total + cents(line), 0);
  const subtotalCents = sum(once, (line) => line.amountCents);
  const shippingCents = sum(once, (line) => line.shippingCents);
  const creditsCents = sum(once, (line) => line.creditsCents);
  const yearlyCents = sum(
    included.filter((line) => line.kind === 'subscription'),
    (line) => line.amountCents,
  );
  const beforeTaxCents = subtotalCents + shippingCents;
  const taxed = tax ? { ...tax, cents: taxCents(beforeTaxCents, tax, currency) } : undefined;
  const totalCents = beforeTaxCents + (taxed && !taxed.inclusive ? taxed.cents : 0);
  return {
    subtotalCents,
    shippingCents,
    totalCents,
    yearlyCents,
    creditsCents,
    netCents: totalCents - creditsCents,
    ...(currency ? { currency } : {}),
    ...(taxed ? { tax: taxed } : {}),
  };
}

/** A summary as the database keeps it: those recorded before yearly fees were apart have none. */
export type StoredProposalSummary = Omit<ProposalSummary, 'yearlyCents'> & {
  yearlyCents?: number | undefined;
};

/**
 * A recorded summary as it reads now: its figures as recorded (never totalled again, so an
 * acceptance says what the client accepted), no yearly fees for one recorded before they were
 * kept apart (its lines had no kind, and every one was in its total).
 */
export function readStoredSummary(stored: StoredProposalSummary): ProposalSummary {
  return { ...stored, yearlyCents: stored.yearlyCents ?? 0 };
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
  const tax = summary.tax
    ? { name: summary.tax.name, percent: summary.tax.percent, inclusive: summary.tax.inclusive }
    : undefined;
  return { lines, ...totalProposal(lines, { currency: summary.currency, tax }) };
}
