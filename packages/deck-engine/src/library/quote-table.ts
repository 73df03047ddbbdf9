import {
  fillWords,
  formatCents,
  formatDiscountPercent,
  formatNumber,
  PER_YEAR_WORDING,
  productKindBilling,
  quoteCreditLabel,
  quoteWording,
  type QuoteLine,
  type QuoteSummary,
} from '@deck-portal/domain/pricing';
import { wordIn } from './deck-words.ts';
import type { SlideContext, TableSpec } from './slide-kit.ts';
import { taxLabel } from './template-values.ts';

/**
 * The quote as a table, in the deck's locale: every `quote` element's (the quote summary
 * slide's and any other slide's). Each line with its quantity, list price, the rep's price, the
 * discount when there is one and its amount; then subtotal, shipping and the total the client
 * pays, emphasised (the market's tax before it where it is added to prices, after it where
 * prices include it); then the yearly fees, which that total does not include; and last the tax
 * credit, as an estimate, on the lines the price book marks eligible, and the cost after it.
 * Its words are in the deck's language; its money in the quote's currency.
 */
export function quoteTable(
  ctx: SlideContext,
  quote: QuoteSummary,
  look: Pick<TableSpec, 'size' | 'headerFill' | 'stripe' | 'emphasisFill'>,
): TableSpec {
  const money = (cents: number) => formatCents(cents, ctx.locale, quote.currency);
  const word = (source: string) => wordIn(ctx.words, source);
  const perYear = (cents: number) => fillWords(word(PER_YEAR_WORDING), { amount: money(cents) });
  const isDiscounted = quote.lines.some((line) => line.discountCents > 0);
  const once = quote.lines.filter((line) => line.kind !== 'subscription');
  const yearly = quote.lines.filter((line) => line.kind === 'subscription');
  const lineRow = (line: QuoteLine, amount: string) => [
    line.kind === 'goods'
      ? line.name
      : `${line.name} · ${word(productKindBilling[line.kind]).toLocaleLowerCase(ctx.locale ?? 'en-US')}`,
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
  const { tax } = quote;
  rows.push(total(word('Subtotal'), money(quote.subtotalCents)));
  rows.push(total(word('Shipping and delivery'), money(quote.shippingCents)));
  if (tax && !tax.inclusive) rows.push(total(taxLabel(ctx, tax), money(tax.cents)));
  rows.push(total(word(quoteWording.total), money(quote.totalCents)));
  const emphasisRow = rows.length - 1;
  if (tax?.inclusive) {
    rows.push(
      total(fillWords(word('Includes {tax}'), { tax: taxLabel(ctx, tax) }), money(tax.cents)),
    );
  }
  rows.push(...yearly.map((line) => lineRow(line, perYear(line.amountCents))));
  if (quote.creditsCents > 0) {
    rows.push(
      total(quoteCreditLabel(quote, ctx.priceBook, ctx.locale), `−${money(quote.creditsCents)}`),
    );
    rows.push(total(word(quoteWording.afterCredit), money(quote.netCents)));
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
    ].map(word),
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
