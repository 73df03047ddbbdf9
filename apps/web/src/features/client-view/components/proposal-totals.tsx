/** @jsxImportSource preact */
import type { ProposalSummary } from '@deck-portal/domain';
import { formatCents } from '@deck-portal/domain/pricing';
import type { ComponentChildren } from 'preact';

/**
 * The priced summary as the pricing slide states it: one row per product (quantity, unit
 * price, amount, shipping), then subtotal, shipping, the total the client pays (emphasised),
 * and the estimated tax credits and the cost after them. `choice` renders
 * an optional line's checkbox; without it (a recorded acceptance) optional lines say whether
 * they were chosen, and lines left out are not shown.
 */
export function ProposalTotals({
  summary,
  choice,
}: {
  summary: ProposalSummary;
  choice?: (line: ProposalSummary['lines'][number]) => ComponentChildren;
}) {
  const lines = choice ? summary.lines : summary.lines.filter((line) => line.included);
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
              <span>{line.name}</span>
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
              {formatCents(line.amountCents)}
            </td>
            <td class="cv-num" data-label="Shipping">
              {formatCents(line.shippingCents)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <Total label="Subtotal" cents={summary.subtotalCents} />
        <Total label="Shipping" cents={summary.shippingCents} />
        <Total label="Total" cents={summary.totalCents} isStrong />
        {/* What the client pays is the total; a tax credit is an estimate, not a discount. */}
        <Total label="Estimated tax credits, subject to tax advice" cents={summary.creditsCents} />
        <Total label="After the estimated credits" cents={summary.netCents} />
      </tfoot>
    </table>
  );
}

function Total({ label, cents, isStrong }: { label: string; cents: number; isStrong?: boolean }) {
  return (
    <tr class={isStrong ? 'cv-strong' : undefined}>
      <th scope="row" colSpan={4}>
        {label}
      </th>
      <td class="cv-num" data-total={label}>
        {formatCents(cents)}
      </td>
    </tr>
  );
}
