import {
  findProduct,
  PRICING_TEXT_LABELS,
  pricingTextLabel,
  type ProductPricing,
} from '@deck-portal/domain/pricing';
import type { SlideElement } from '../layout/model.ts';
import { layoutTextRow } from '../layout/text-layout.ts';
import { categoryColor } from './categories.ts';
import {
  chrome,
  CONTENT_TOP,
  MARGIN_X,
  rect,
  table,
  text,
  type SlideContext,
} from './slide-kit.ts';
import type { ComposedSlide } from './template-slides.ts';

/** One product's investment slide: every pricing text, as the rep left it, as real text. */
export function composePricingSlide(ctx: SlideContext, pricing: ProductPricing): ComposedSlide {
  const c = ctx.brand.colors;
  const t = pricing.texts;
  const L = PRICING_TEXT_LABELS;
  const product = findProduct(ctx.priceBook, pricing.productId);
  const name = product?.name ?? pricing.productId;
  // The credit labelled with the product's own rate: "ITC credit (30%)".
  const itcLabel = pricingTextLabel('itc', product, ctx.locale);
  const elements: SlideElement[] = [
    ...chrome(ctx, 'sales', `${name}: your investment`, product?.description ?? ''),
  ];
  elements.push(
    table(
      ctx,
      { x: MARGIN_X, y: CONTENT_TOP, w: 520, h: 262 },
      {
        name: 'pricing-table',
        columns: [1.25, 1],
        rows: [
          [L.stdpricing, t.stdpricing],
          [L.qty, t.qty],
          [L.wgd, t.wgd],
          [L.shiprate, t.shiprate],
          [L.total, t.total],
          [itcLabel, t.itc],
          [L.effective, t.effective],
        ],
        align: ['left', 'right'],
        size: 12.5,
        headerFill: c.primary,
        stripe: 'F7F9FC',
        emphasisRow: 6,
        emphasisFill: 'E3F4F7',
      },
    ),
  );
  // The figure the client remembers, on the dark panel.
  const px = 600;
  elements.push(
    rect({ x: px, y: CONTENT_TOP, w: 312, h: 262 }, c.primary, { radius: 10 }),
    text({
      x: px + 24,
      y: CONTENT_TOP + 22,
      w: 264,
      h: 16,
      text: L.effective.toUpperCase(),
      weight: 'semibold',
      size: 9,
      color: c.accent,
    }),
    text({
      name: 'pricing-effective',
      x: px + 24,
      y: CONTENT_TOP + 42,
      w: 264,
      h: 56,
      text: t.effective,
      weight: 'bold',
      size: 38,
      minSize: 12,
      maxLines: 2,
      lineHeight: 1.1,
      color: 'FFFFFF',
      valign: 'middle',
    }),
    text({
      x: px + 24,
      y: CONTENT_TOP + 104,
      w: 264,
      h: 36,
      text: `${L.total}: ${t.total}  ·  ${itcLabel}: ${t.itc}`,
      size: 10,
      minSize: 7,
      lineHeight: 1.35,
      color: 'C9D4E2',
    }),
    {
      kind: 'line',
      x1: px + 24,
      y1: CONTENT_TOP + 150,
      x2: px + 288,
      y2: CONTENT_TOP + 150,
      color: '2A4466',
      width: 1,
    },
  );
  const facts: Array<[string, string]> = [
    [t.warrantyyear, L.warrantyyear],
    [t.monthsincluded, L.monthsincluded],
    [t.annual, L.annual],
  ];
  // The three figures share one size: an edited "Unlimited" is not set smaller than "3".
  const values = layoutTextRow(
    facts.map(([value], i) => ({
      x: px + 24 + i * 92,
      y: CONTENT_TOP + 164,
      w: 84,
      h: 34,
      text: value,
      weight: 'bold' as const,
      size: 20,
      minSize: 8,
      maxLines: 2,
      lineHeight: 1.1,
      color: c.highlight,
      valign: 'bottom' as const,
    })),
  );
  facts.forEach(([, label], i) => {
    elements.push(
      values[i]!,
      text({
        x: px + 24 + i * 92,
        y: CONTENT_TOP + 204,
        w: 84,
        h: 44,
        text: label,
        size: 8.5,
        minSize: 6.5,
        lineHeight: 1.3,
        color: 'C9D4E2',
      }),
    );
  });
  elements.push(
    rect({ x: MARGIN_X, y: 402, w: 864, h: 82 }, c.panel, { radius: 10 }),
    rect({ x: MARGIN_X, y: 402, w: 4, h: 82 }, categoryColor('sales', ctx.categories)),
    text({
      x: MARGIN_X + 24,
      y: 412,
      w: 200,
      h: 16,
      text: L.maintenance.toUpperCase(),
      weight: 'semibold',
      size: 9,
      color: categoryColor('sales', ctx.categories),
    }),
    text({
      name: 'pricing-maintenance',
      x: MARGIN_X + 24,
      y: 430,
      w: 816,
      h: 46,
      text: t.maintenance,
      weight: 'medium',
      size: 14,
      minSize: 8,
      lineHeight: 1.35,
      color: c.ink,
    }),
  );
  return { background: 'FFFFFF', elements };
}
