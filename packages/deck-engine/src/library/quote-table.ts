import {
  formatCents,
  formatDiscountPercent,
  formatNumber,
  productKindBilling,
  quoteCreditLabel,
  quoteWording,
  type QuoteLine,
  type QuoteSummary,
} from '@deck-portal/domain/pricing';
import type { SlideContext, TableSpec } from './slide-kit.ts';

/**
 * The quote as a table, in the deck's locale: every `quote` element's (the quote summary
 * slide's and any other slide's). Each line with its quantity, list price, the rep's price, the
 * discount when there is one and its amount; then subtotal, shipping and the total the client
 * pays, emphasised; then the yearly fees, which that total does not include; and last the tax
 * credit, as an estimate, on the lines the price book marks eligible, and the cost after it.
 */
export function quoteTable(
  ctx: SlideContext,
  quote: QuoteSummary,
  look: Pick<TableSpec, 'size' | 'headerFill' | 'stripe' | 'emphasisFill'>,
): TableSpec {
  const money = (cents: number) => formatCents(cents, ctx.locale);
  const isDiscounted = quote.lines.some((line) => line.discountCents > 0);
  const once = quote.lines.filter((line) => line.kind !== 'subscription');
  const yearly = quote.lines.filter((line) => line.kind === 'subscription');
  const lineRow = (line: QuoteLine, amount: string) => [
    line.kind === 'goods'
      ? line.name
      : `${line.name} · ${productKindBilling[line.kind].toLocaleLowerCase('en-US')}`,
    formatNumber(line.quantity, ctx.locale),
    money(line.listPriceCents),
    money(line.unitPriceCents),
    // A line at list says nothing of a discount.
    ...(isDiscounted
      ? [
          line.discountCents > 0
            ? `−${money(line.discountCents)} (${formatDiscountPercent(line.discountPercent, ctx.locale)})`
            : '',
        ]
      : []),
    amount,
  ];
  const columns = isDiscounted ? 6 : 5;
  /** Rows of totals, their label across every column but the amount's. */
  const merged: number[] = [];
  const rows: string[][] = [];
  const total = (label: string, cents: string) => {
    merged.push(rows.length);
    return [label, ...Array<string>(columns - 2).fill(''), cents];
  };
  rows.push(...once.map((line) => lineRow(line, money(line.amountCents))));
  rows.push(total('Subtotal', money(quote.subtotalCents)));
  rows.push(total('Shipping and delivery', money(quote.shippingCents)));
  rows.push(total(quoteWording.total, money(quote.totalCents)));
  const emphasisRow = rows.length - 1;
  rows.push(...yearly.map((line) => lineRow(line, quoteWording.perYear(money(line.amountCents)))));
  if (quote.creditsCents > 0) {
    rows.push(
      total(quoteCreditLabel(quote, ctx.priceBook, ctx.locale), `−${money(quote.creditsCents)}`),
    );
    rows.push(total(quoteWording.afterCredit, money(quote.netCents)));
  }
  return {
    name: 'quote-table',
    columns: isDiscounted ? [2.7, 0.75, 1, 1, 1.35, 1.15] : [2.9, 0.8, 1.15, 1.15, 1.3],
    header: [
      'Item',
      'Quantity',
      'List price',
      'Your price',
      ...(isDiscounted ? ['Discount'] : []),
      'Amount',
    ],
    rows,
    align: [
      'left',
      'right',
      'right',
      'right',
      'right',
      ...(isDiscounted ? ['right' as const] : []),
    ],
    ...look,
    emphasisRow,
    // The header is the table's row 0.
    merges: merged.map((row) => ({ row: row + 1, column: 0, rows: 1, columns: columns - 1 })),
  };
}
