import {
  creditEstimateLabel,
  formatCents,
  quoteWording,
  type ProposalSummary,
} from '@deck-portal/domain';

/**
 * The accepted figures as the deck's quote states them, a line each: the total the client pays,
 * the yearly fees apart from it, and the estimated tax credit (when there is one) after it.
 */
export function acceptedFigures(summary: ProposalSummary): string[] {
  const money = formatCents;
  const yearly = summary.lines.filter((line) => line.included && line.kind === 'subscription');
  const credited = summary.lines.filter(
    (line) => line.included && line.kind !== 'subscription' && line.creditsCents > 0,
  );
  return [
    `${quoteWording.total}: ${money(summary.totalCents)}`,
    ...(summary.yearlyCents > 0
      ? [
          `${quoteWording.yearlyFees}: ${quoteWording.perYear(money(summary.yearlyCents))} (${yearly.map((line) => line.name).join(', ')})`,
        ]
      : []),
    ...(summary.creditsCents > 0
      ? [
          `${creditEstimateLabel(credited.map((line) => line.name))}: −${money(summary.creditsCents)}`,
          `${quoteWording.afterCredit}: ${money(summary.netCents)}`,
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
