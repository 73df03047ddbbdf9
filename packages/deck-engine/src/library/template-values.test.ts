import { templateSlideDocumentSchema } from '@deck-portal/domain';
import { quoteSummary, resolveDeckPricing } from '@deck-portal/domain/pricing';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { describe, expect, it } from 'vitest';
import { ctx, draw, salesLayout, text, texts } from './interpret-template-fixtures.ts';
import { interpretTemplate } from './interpret-template.ts';

describe('the values a template binds', () => {
  it('binds the deck, the rep, the brand and the slide, with the upper filter', () => {
    const slide = draw([
      text('{{client.name}} · {{deck.date}} · {{contact.name}}'),
      text('{{rep.name}} {{rep.phone}} {{rep.title}}'),
      text(
        '{{brand.name | upper}} page {{slide.number}}: {{slide.heading}} ({{slide.categoryName}})',
      ),
      text(['{{deck.headline}}', 'second paragraph']),
    ]);
    expect(texts(slide)).toEqual([
      'Harbor Fresh Foods · March 5, 2026 · Dana Reyes',
      'Ada Rep 555 0100',
      'POLAR page 4: For Harbor Fresh Foods (Your challenge)',
      'Cold-chain resilience proposal / second paragraph',
    ]);
  });

  it('counts dates from the deck’s date, as the deck’s locale writes dates', () => {
    const steps = salesLayout([
      text('By {{deck.date + 7 days}}'),
      text('Valid until {{deck.date + 60 days}}'),
      text('Tomorrow: {{deck.date + 1 day}}'),
    ]);
    const drawn = (date: string | undefined, locale: string) =>
      texts(
        interpretTemplate(
          steps,
          { ...ctx, ...(date ? { date } : {}), locale },
          { parts: new Map() },
        ),
      );
    expect(drawn('2026-03-05', 'en-GB')).toEqual([
      'By 12 March 2026',
      'Valid until 4 May 2026',
      'Tomorrow: 6 March 2026',
    ]);
    expect(drawn('2026-12-28', 'en-US')[0]).toBe('By January 4, 2027');
    expect(drawn(undefined, 'en-US')).toEqual(['By', 'Valid until', 'Tomorrow:']);
    expect(() => salesLayout([text('{{deck.date + 2 weeks}}')])).toThrow(/not a binding/);
  });

  it('binds how many of each product the deck sells, and 0 for one it does not sell', () => {
    const document = salesLayout([
      text('{{quantity.controller}} controllers, {{quantity.data_logger}} loggers'),
    ]);
    const slide = interpretTemplate(
      document,
      { ...ctx, products: ['controller'], quantities: { controller: 11 } },
      { parts: new Map() },
    );
    expect(texts(slide)).toEqual(['11 controllers, 0 loggers']);
  });

  it('binds the product a pricing slide is drawn for, and which prices the rep edited', () => {
    const selection = {
      selectedProducts: [
        { id: 'controller', quantity: 11, customPricing: 199 },
        { id: 'bms', quantity: 1, customPricing: 1_800 },
      ],
      includePricing: true,
      customPricing: { bms: { total: 'Included in the service plan' } },
    };
    const [controller] = resolveDeckPricing(selection, SEED_PRICE_BOOK);
    const quote = quoteSummary(selection, SEED_PRICE_BOOK);
    const document = templateSlideDocumentSchema.parse({
      format: 1,
      id: 'pricing',
      title: 'Pricing',
      description: '',
      drawn: 'perPricedProduct',
      background: 'brand.background',
      category: 'sales',
      heading: '{{pricing.productName}}: your investment',
      elements: [
        text('{{pricing.creditLabel}}: {{pricing.itc}} · net {{pricing.effective}}'),
        text(
          'List {{pricing.listPrice}}, {{pricing.discount | default: "no discount"}}, {{pricing.billing}}, credit {{pricing.creditEstimate | default: "none"}}',
        ),
        text('{{pricing.productDescription}}'),
        text('Edited: {{quote.editedProducts | default: "none"}}'),
      ],
    });
    const drawn = interpretTemplate(
      document,
      { ...ctx, quote, pricing: controller! },
      { parts: new Map() },
    );
    expect(drawn.heading).toBe('Controller: your investment');
    // 11 × $199 + $35 shipping = $2,224.00; the controller gets no credit.
    expect(texts(drawn)).toEqual([
      'ITC credit: Not eligible · net $2,224.00',
      'List $199.00, no discount, One-off, credit none',
      SEED_PRICE_BOOK.products.find((p) => p.id === 'controller')!.description,
      'Edited: Battery Management System',
    ]);
    // Not drawn for a product: nothing to show.
    expect(texts(interpretTemplate(document, ctx, { parts: new Map() }))).toEqual([
      ': · net',
      'List , no discount, , credit none',
      '',
      'Edited: none',
    ]);
  });
});
