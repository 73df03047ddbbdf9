import {
  creditShare,
  findProduct,
  formatCents,
  formatCreditShare,
  formatNumber,
  productName,
  type QuoteSummary,
} from '@deck-portal/domain/pricing';
import type { SlideElement } from '../layout/model.ts';
import { categoryColor } from './categories.ts';
import {
  chrome,
  CONTENT_TOP,
  MARGIN_X,
  rect,
  table,
  text,
  type SlideContext,
  type TableSpec,
} from './slide-kit.ts';
import type { ComposedSlide } from './template-slides.ts';

export const QUOTE_SLIDE_TITLE = 'Quote summary';

/**
 * The quote as a table: each line item with its quantity, unit price and amount, then subtotal,
 * shipping, total, the tax credit and the net (emphasised), in the deck's locale; the quote
 * slide's and any template slide's `quote` element's.
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

/**
 * The whole quote on one slide, after the products' pricing slides: each line item with its
 * quantity, unit price and amount, then subtotal, shipping, total, the tax credit and the net.
 * Its figures come from the same computation as the pricing slides, so they agree to the cent.
 */
export function composeQuoteSlide(ctx: SlideContext, quote: QuoteSummary): ComposedSlide {
  const c = ctx.brand.colors;
  const elements: SlideElement[] = [
    ...chrome(ctx, 'sales', QUOTE_SLIDE_TITLE, `Everything in this proposal for ${ctx.clientName}`),
    table(
      ctx,
      { x: MARGIN_X, y: CONTENT_TOP, w: 864, h: 300 },
      quoteTable(ctx, quote, {
        size: 12,
        headerFill: c.primary,
        stripe: 'F7F9FC',
        emphasisFill: 'E3F4F7',
      }),
    ),
  ];
  if (quote.editedProducts.length > 0) {
    const names = quote.editedProducts.map((id) => productName(ctx.priceBook, id)).join(', ');
    elements.push(
      rect({ x: MARGIN_X, y: 440, w: 4, h: 40 }, categoryColor('sales', ctx.categories)),
      text({
        name: 'quote-note',
        x: MARGIN_X + 16,
        y: 440,
        w: 848,
        h: 40,
        text: `Computed from quantities and unit prices. The pricing of ${names} on its own slide includes terms agreed separately.`,
        size: 10,
        minSize: 7,
        lineHeight: 1.3,
        color: c.muted,
        valign: 'middle',
      }),
    );
  }
  return { background: 'FFFFFF', elements };
}
