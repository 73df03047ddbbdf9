import {
  creditEstimateLabel,
  formatCents,
  formatMoney,
  quoteWording,
  type ProposalSummary,
} from '@deck-portal/domain';
import type { ClientPageTexts } from '@deck-portal/domain/client-page-texts';

/** The figures in a deck's language, currency and formats (a client's confirmation, issue 50). */
export type FiguresWritten = {
  words: Pick<
    ClientPageTexts,
    'totalYouPay' | 'yearlyFees' | 'perYear' | 'creditEstimate' | 'afterCredit'
  >;
  currency: string;
  locale: string;
};

/**
 * The accepted figures as the deck's quote states them, a line each: the total the client pays,
 * the yearly fees apart from it, and the estimated tax credit (when there is one) after it.
 * In English and US dollars unless `written` says otherwise.
 */
export function acceptedFigures(summary: ProposalSummary, written?: FiguresWritten): string[] {
  const money = written
    ? (cents: number) => formatMoney(cents / 100, written.currency, written.locale)
    : formatCents;
  const words = written?.words ?? {
    totalYouPay: quoteWording.total,
    yearlyFees: quoteWording.yearlyFees,
    perYear: quoteWording.perYear,
    afterCredit: quoteWording.afterCredit,
    creditEstimate: undefined,
  };
  const creditLabel = (names: string[]) =>
    written
      ? written.words.creditEstimate(
          new Intl.ListFormat(written.locale, { type: 'conjunction' }).format(names),
        )
      : creditEstimateLabel(names);
  const yearly = summary.lines.filter((line) => line.included && line.kind === 'subscription');
  const credited = summary.lines.filter(
    (line) => line.included && line.kind !== 'subscription' && line.creditsCents > 0,
  );
  return [
    `${words.totalYouPay}: ${money(summary.totalCents)}`,
    ...(summary.yearlyCents > 0
      ? [
          `${words.yearlyFees}: ${words.perYear(money(summary.yearlyCents))} (${yearly.map((line) => line.name).join(', ')})`,
        ]
      : []),
    ...(summary.creditsCents > 0
      ? [
          `${creditLabel(credited.map((line) => line.name))}: −${money(summary.creditsCents)}`,
          `${words.afterCredit}: ${money(summary.netCents)}`,
        ]
      : []),
  ];
}

/** A summary to show the templates with: a battery with its credit, and a yearly service. */
export const sampleSummary: ProposalSummary = {
  lines: [
    {
      productId: 'battery_backup',
      name: 'Battery Backup',
      kind: 'goods',
      quantity: 2,
      unitPriceCents: 599_500,
      amountCents: 1_199_000,
      shippingCents: 50_000,
      creditsCents: 374_700,
      optional: false,
      included: true,
    },
    {
      productId: 'monitoring',
      name: 'Battery Monitoring',
      kind: 'subscription',
      quantity: 2,
      unitPriceCents: 7_500,
      amountCents: 15_000,
      shippingCents: 0,
      creditsCents: 0,
      optional: false,
      included: true,
    },
  ],
  subtotalCents: 1_199_000,
  shippingCents: 50_000,
  totalCents: 1_249_000,
  yearlyCents: 15_000,
  creditsCents: 374_700,
  netCents: 874_300,
};
