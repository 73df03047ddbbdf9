/** @jsxImportSource preact */
import type { ProposalSummary } from '@deck-portal/domain';
import {
  creditEstimateLabel,
  formatCents,
  productKindBilling,
  quoteWording,
} from '@deck-portal/domain/pricing';
import type { ComponentChildren } from 'preact';

/**
 * The priced summary as the deck's quote states it: one row per product (quantity, unit
 * price, amount, shipping; a subscription's amount per year), then subtotal, shipping, the
 * total the client pays (emphasised), the yearly fees apart from it, and the estimated tax
 * credit and the cost after it when there is one. `choice` renders an optional line's
 * checkbox; without it (a recorded acceptance) optional lines say whether they were chosen,
 * and lines left out are not shown.
 */
export function ProposalTotals({
  summary,
  choice,
}: {
  summary: ProposalSummary;
  choice?: (line: ProposalSummary['lines'][number]) => ComponentChildren;
}) {
  const lines = choice ? summary.lines : summary.lines.filter((line) => line.included);
  const credited = summary.lines.filter(
    (line) => line.included && line.kind !== 'subscription' && line.creditsCents > 0,
  );
  return (
    <table class="cv-summary">
      <caption class="cv-visually-hidden">Priced summary</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" class="cv-num">
            Quantity
          </th>
          <th scope="col" class="cv-num">
            Unit price
          </th>
          <th scope="col" class="cv-num">
            Amount
          </th>
          <th scope="col" class="cv-num">
            Shipping
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.productId} class={line.included ? undefined : 'cv-left-out'}>
            <th scope="row">
              <span>
                {!line.kind || line.kind === 'goods'
                  ? line.name
                  : `${line.name} · ${productKindBilling[line.kind].toLocaleLowerCase('en-US')}`}
              </span>
              {line.optional &&
                (choice ? choice(line) : <span class="cv-dimmed cv-xs"> (optional, chosen)</span>)}
            </th>
            {/* data-label names each figure where a phone shows a line as a card. */}
            <td class="cv-num" data-label="Quantity">
              {line.quantity}
            </td>
            <td class="cv-num" data-label="Unit price">
              {formatCents(line.unitPriceCents)}
            </td>
            <td class="cv-num" data-label="Amount">
              {line.kind === 'subscription'
                ? quoteWording.perYear(formatCents(line.amountCents))
                : formatCents(line.amountCents)}
            </td>
            <td class="cv-num" data-label="Shipping">
              {formatCents(line.shippingCents)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <Total label="Subtotal" value={formatCents(summary.subtotalCents)} />
        <Total label="Shipping" value={formatCents(summary.shippingCents)} />
        <Total label={quoteWording.total} value={formatCents(summary.totalCents)} isStrong />
        {summary.yearlyCents > 0 && (
          <Total
            label={quoteWording.yearlyFees}
            value={quoteWording.perYear(formatCents(summary.yearlyCents))}
          />
        )}
        {/* What the client pays is the total; a tax credit is an estimate, not a discount. */}
        {summary.creditsCents > 0 && (
          <>
            <Total
              label={creditEstimateLabel(credited.map((line) => line.name))}
              value={`−${formatCents(summary.creditsCents)}`}
            />
            <Total label={quoteWording.afterCredit} value={formatCents(summary.netCents)} />
          </>
        )}
      </tfoot>
    </table>
  );
}

function Total({ label, value, isStrong }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <tr class={isStrong ? 'cv-strong' : undefined}>
      <th scope="row" colSpan={4}>
        {label}
      </th>
      <td class="cv-num" data-total={label}>
        {value}
      </td>
    </tr>
  );
}
