import {
  creditShare,
  findProduct,
  formatCents,
  formatCreditShare,
  formatNumber,
  type QuoteSummary,
} from '@deck-portal/domain/pricing';
import type { SlideContext, TableSpec } from './slide-kit.ts';

/**
 * The quote as a table: each line item with its quantity, unit price and amount, then subtotal,
 * shipping, total, the tax credit and the net (emphasised), in the deck's locale: every
 * `quote` element's (the quote summary slide's and any other slide's).
 */
export function quoteTable(
  ctx: SlideContext,
  quote: QuoteSummary,
  look: Pick<TableSpec, 'size' | 'headerFill' | 'stripe' | 'emphasisFill'>,
): TableSpec {
  // The credit's rate when the credited lines share one; their rates differ on their own slides.
  const shares = new Set(
    quote.lines.flatMap((line) => {
      const product = findProduct(ctx.priceBook, line.productId);
      return product?.creditEligible ? [creditShare(product)] : [];
    }),
  );
  const credit =
    shares.size === 1
      ? `ITC credit (${formatCreditShare([...shares][0]!, ctx.locale)})`
      : shares.size > 1
        ? 'ITC credits'
        : 'ITC credit';
  const money = (cents: number) => formatCents(cents, ctx.locale);
  const rows: string[][] = [
    ...quote.lines.map((line) => [
      line.name,
      formatNumber(line.quantity, ctx.locale),
      money(line.unitPriceCents),
      money(line.amountCents),
    ]),
    ['Subtotal', '', '', money(quote.subtotalCents)],
    ['Shipping and delivery', '', '', money(quote.shippingCents)],
    ['Total', '', '', money(quote.totalCents)],
    [credit, '', '', `−${money(quote.creditsCents)}`],
    ['Net after credits', '', '', money(quote.netCents)],
  ];
  return {
    name: 'quote-table',
    columns: [2.2, 0.8, 1.1, 1.2],
    header: ['Item', 'Quantity', 'Unit price', 'Amount'],
    rows,
    align: ['left', 'right', 'right', 'right'],
    ...look,
    emphasisRow: rows.length - 1,
  };
}
