import { describe, expect, it } from 'vitest';
import type { PriceBook, ProductSelection } from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { buildDeck } from '../build-deck.ts';
import type { Slide, SlideElement } from '../layout/model.ts';
import { goldenDraft } from '../../test/fixtures.ts';
import { createTemplateLibrary } from './template-library.ts';

/**
 * The seeded library's pricing slides, quote summary and battery slide as a client reads them:
 * list price, the rep's price and the discount per line, the total the client pays as the
 * headline, yearly fees apart, and the tax credit as an estimate on the eligible lines only.
 */

const library = createTemplateLibrary();

/** One battery under list, a controller at list, installation and monitoring at list. */
const order: ProductSelection = {
  includePricing: true,
  selectedProducts: [
    { id: 'battery_backup', quantity: 2, customPricing: 4900 },
    { id: 'controller', quantity: 1, customPricing: 199 },
    { id: 'installation', quantity: 1, customPricing: 1500 },
    { id: 'battery_monitoring', quantity: 2, customPricing: 75 },
  ],
  customPricing: {},
};

function deckFor(selection: ProductSelection, book: PriceBook = SEED_PRICE_BOOK) {
  const draft = goldenDraft();
  draft.productSelection = selection;
  draft.templateCustomization.selectedSlides = ['product-battery-bms'];
  draft.templateCustomization.customSlides = [];
  return buildDeck(draft, library, { priceBook: book });
}

/** A drawn element's words: a text's paragraphs, a table's rows as "cell | cell". */
function words(element: SlideElement): string[] {
  if (element.kind === 'text') return [element.paragraphs.join(' ')];
  if (element.kind === 'table') {
    return element.rows.map((row) =>
      row
        .map((cell) => cell.text.paragraphs.join(' '))
        .filter((cell) => cell !== '')
        .join(' | '),
    );
  }
  return [];
}

const slideWords = (slide: Slide | undefined) => slide?.elements.flatMap(words) ?? [];
const slide = (deck: ReturnType<typeof deckFor>, id: string) =>
  deck.slides.find((s) => s.id === id);

describe('the pricing slides', () => {
  const deck = deckFor(order);

  it('show list price, the rep’s price and the discount under list', () => {
    const battery = slideWords(slide(deck, 'pricing-battery_backup'));
    expect(battery).toContain('List price | $5,995.00');
    expect(battery).toContain('Your price | $4,900.00');
    expect(battery).toContain('Discount | −$1,095.00 each (18.3% off list)');
  });

  it('say nothing of a discount on a line at list', () => {
    const controller = slideWords(slide(deck, 'pricing-controller'));
    expect(controller).toContain('List price | $199.00');
    expect(controller).toContain('Your price | $199.00');
    expect(controller.join('\n')).not.toMatch(/Discount|off list/);
  });

  it('make the total the headline, with the credit after it as an estimate where it applies', () => {
    const battery = slideWords(slide(deck, 'pricing-battery_backup'));
    // 2 × $4,900 + $250 white-glove = $10,050; 30% of it $3,015.
    expect(battery).toContain('$10,050.00');
    expect(battery).toContain('Total you pay | $10,050.00');
    expect(battery).toContain('Estimated ITC credit (30%) | $3,015.00');
    expect(battery).toContain(
      'Estimated ITC credit (30%): $3,015.00, claimed on your tax return, subject to tax advice',
    );
    const controller = slideWords(slide(deck, 'pricing-controller')).join('\n');
    expect(controller).not.toMatch(/credit/i);
  });

  it('label services and yearly fees, and ship neither', () => {
    const installation = slideWords(slide(deck, 'pricing-installation'));
    expect(installation).toContain('YOUR TOTAL · ONE-OFF SERVICE');
    expect(installation).toContain('Paid | One-off service');
    expect(installation.join('\n')).not.toMatch(/Shipping|Delivery method/);
    const monitoring = slideWords(slide(deck, 'pricing-battery_monitoring'));
    expect(monitoring).toContain('YOUR TOTAL · PER YEAR');
    expect(monitoring).toContain('Total you pay | $150.00 a year');
  });

  it('leave out what a service or a subscription does not have, never showing a dash', () => {
    const battery = slideWords(slide(deck, 'pricing-battery_backup'));
    expect(battery).toEqual(
      expect.arrayContaining(['Warranty (years)', 'Monitoring months included', '24']),
    );
    // Installation has its workmanship guarantee, and no monitoring of its own.
    const installation = slideWords(slide(deck, 'pricing-installation'));
    expect(installation).toEqual(expect.arrayContaining(['Warranty (years)', '1']));
    expect(installation.join('\n')).not.toMatch(/Monitoring months|Annual monitoring|—/);
    // Monitoring is the yearly fee itself: no warranty, no months included, no fee after them.
    const monitoring = slideWords(slide(deck, 'pricing-battery_monitoring'));
    expect(monitoring.join('\n')).not.toMatch(/Warranty|Monitoring months|Annual monitoring|—/);
    // Nor the rule that sets those figures apart from the total.
    const rules = (id: string) =>
      slide(deck, id)?.elements.filter((e) => e.kind === 'line' && e.x1 === 624) ?? [];
    expect(rules('pricing-battery_backup')).toHaveLength(1);
    expect(rules('pricing-battery_monitoring')).toHaveLength(0);
  });
});

describe('the quote summary', () => {
  it('lists every line against list, ends on what the client pays, and estimates the credit after', () => {
    const rows = slideWords(slide(deckFor(order), 'quote-summary'));
    expect(rows).toEqual(
      expect.arrayContaining([
        'Item | Quantity | List price | Your price | Discount | Amount',
        'Battery Backup | 2 | $5,995.00 | $4,900.00 | −$2,190.00 (18.3%) | $9,800.00',
        'Controller | 1 | $199.00 | $199.00 | $199.00',
        'Installation and commissioning · one-off service | 1 | $1,500.00 | $1,500.00 | $1,500.00',
      ]),
    );
    const tail = rows.slice(rows.indexOf('Subtotal | $11,499.00'));
    expect(tail).toEqual([
      'Subtotal | $11,499.00',
      // $250 for the batteries, $75 for the controller: installation is not shipped.
      'Shipping and delivery | $325.00',
      'Total you pay | $11,824.00',
      'Battery monitoring · per year | 2 | $75.00 | $75.00 | $150.00 a year',
      // Only the battery is eligible: 30% of $10,050.
      'Estimated investment tax credit (30%) on Battery Backup, subject to tax advice | −$3,015.00',
      'Your cost after the estimated credit | $8,809.00',
    ]);
  });

  it('has no discount column and no credit when nothing is discounted or eligible', () => {
    const rows = slideWords(
      slide(
        deckFor({
          ...order,
          selectedProducts: [{ id: 'controller', quantity: 2, customPricing: 199 }],
        }),
        'quote-summary',
      ),
    );
    expect(rows.find((row) => row.startsWith('Item'))).toBe(
      'Item | Quantity | List price | Your price | Amount',
    );
    expect(rows.at(-1)).toBe('Total you pay | $473.00');
    expect(rows.join('\n')).not.toMatch(/credit/i);
  });
});

describe('the battery slide', () => {
  const bullets = (book: PriceBook) =>
    slideWords(slide(deckFor(order, book), 'product-battery-bms')).filter((text) =>
      text.includes('investment tax credit'),
    );

  it('says the battery products are eligible as the price book says, and follows it', () => {
    // One line in each product's column: the Battery Backup's and the BMS's.
    expect(bullets(SEED_PRICE_BOOK)).toHaveLength(2);
    for (const column of bullets(SEED_PRICE_BOOK)) {
      expect(column).toContain('Eligible for the 30% investment tax credit');
    }
    const bmsOnly = {
      products: SEED_PRICE_BOOK.products.map((product) =>
        product.id === 'battery_backup' ? { ...product, creditEligible: false } : product,
      ),
    };
    const battery = slideWords(slide(deckFor(order, bmsOnly), 'product-battery-bms'));
    // The BMS column keeps its line; the battery's column and its key fact lose theirs.
    expect(battery.join('\n').match(/Eligible for the 30% investment tax credit/g)).toHaveLength(1);
    expect(battery).not.toContain('30%');
  });
});
