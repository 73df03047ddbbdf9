import { describe, expect, it } from 'vitest';
import { compareEditedDecks } from './deck-edit-compare.ts';
import {
  changedQuoteFigures,
  figureChanges,
  keepQuoteFigures,
  pairElements,
  productFigureEdits,
  quoteFiguresOf,
} from './deck-edit-figures.ts';
import {
  battery,
  copyOf,
  elementOf,
  quoteIn,
  salesDeck,
  slideOf,
  text,
} from './deck-edit-test-deck.ts';
import { formatNumber } from './deck/locale.ts';
import { formatUsd } from './deck/money.ts';
import { quoteSummary } from './deck/quote-summary.ts';
import { SEED_PRICE_BOOK } from './deck/seed-price-book.ts';

// Element places of the test deck: on the pricing slide the table is element 1, the description
// 2, the total's caption 3 and the total 4; on the quote summary the table is 1, the total 2.
const PRICING = 'pricing-battery_backup';
const SUMMARY = 'quote-summary';

/** How each locale writes what the rep types into the file. */
const typed = {
  'en-US': { price: '$4,500', total: 'Total you pay $9,000' },
  'de-DE': { price: '4.500 €', total: 'Total you pay 9.000 $' },
} as const;

describe.each(['en-US', 'de-DE'] as const)('figureChanges in %s', (locale) => {
  const version = salesDeck(locale);
  const quote = quoteIn(locale);
  const money = (amount: number) => formatUsd(amount, locale);

  it('finds nothing in a file whose figures are the quote’s', () => {
    expect(figureChanges(version, copyOf(version), quote)).toEqual([]);
  });

  it('names a unit price changed in a table cell, and the number read from the file', () => {
    const file = copyOf(version);
    elementOf(file, SUMMARY, 1, 'table').rows[0]![2] = typed[locale].price;
    expect(figureChanges(version, file, quote)).toEqual([
      {
        slideTitle: 'Quote summary',
        label: 'Battery Backup unit price',
        inFile: typed[locale].price,
        inQuote: money(5995),
        product: { id: 'battery_backup', field: 'unitPrice', value: 4500 },
      },
    ]);
  });

  it('names a quantity changed on the product’s own slide', () => {
    const file = copyOf(version);
    elementOf(file, PRICING, 1, 'table').rows[2]![1] = '3';
    expect(figureChanges(version, file, quote)).toEqual([
      {
        slideTitle: 'Battery Backup: your investment',
        label: 'Battery Backup quantity',
        inFile: '3',
        inQuote: '2',
        product: { id: 'battery_backup', field: 'quantity', value: 3 },
      },
    ]);
  });

  it('lists a changed total with no product: it follows from prices and quantities', () => {
    const file = copyOf(version);
    elementOf(file, SUMMARY, 2, 'text').text = typed[locale].total;
    elementOf(file, PRICING, 4, 'text').text = money(9000);
    const changes = figureChanges(version, file, quote);
    expect(changes).toEqual([
      {
        slideTitle: 'Battery Backup: your investment',
        label: 'Battery Backup your total',
        inFile: money(9000),
        inQuote: money(11_990),
      },
      {
        slideTitle: 'Quote summary',
        label: 'Total you pay',
        inFile: typed[locale].total.replace('Total you pay ', ''),
        inQuote: formatNumber(12_400, locale, {
          style: 'currency',
          currency: 'USD',
          maximumFractionDigits: 0,
        }),
      },
    ]);
  });

  it('gives a list price equal to the rep’s price no product: the rep does not set it', () => {
    const file = copyOf(version);
    elementOf(file, PRICING, 1, 'table').rows[0]![1] = typed[locale].price;
    const changes = figureChanges(version, file, quote);
    expect(changes).toEqual([expect.objectContaining({ label: 'Battery Backup list price' })]);
    expect(changes[0]).not.toHaveProperty('product');
  });

  it('labels a figure by its row even when the row says a figure too', () => {
    const file = copyOf(version);
    elementOf(file, PRICING, 1, 'table').rows[4]![1] = money(3000);
    expect(figureChanges(version, file, quote)).toEqual([
      {
        slideTitle: 'Battery Backup: your investment',
        label: 'Battery Backup estimated ITC credit',
        inFile: money(3000),
        inQuote: money(3597),
      },
    ]);
  });

  it('takes a figure written otherwise for the same figure', () => {
    const file = copyOf(version);
    elementOf(file, SUMMARY, 1, 'table').rows[0]![2] = formatNumber(5995, locale, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    expect(figureChanges(version, file, quote)).toEqual([]);
  });
});

describe('figureChanges', () => {
  const version = salesDeck();
  const quote = quoteIn('en-US');

  it('reads only the slides the version prices, and not those hidden in the file', () => {
    const file = copyOf(version);
    elementOf(file, 'case-study', 1, 'text').text = 'Saved $90,000 in its first year.';
    elementOf(file, PRICING, 1, 'table').rows[1]![1] = '$4,500.00';
    slideOf(file, PRICING).hidden = true;
    expect(figureChanges(version, file, quote)).toEqual([]);
  });

  it('labels a figure of a text by the words just before it', () => {
    const withTexts = (sites: string, credit: string) => {
      const deck = copyOf(version);
      const elements = slideOf(deck, SUMMARY).document.elements;
      elements.push(text(`Sites: 1 · cold spaces per site: ${sites}`, 48, 480));
      elements.push(
        text(`Estimated ITC credit (30%): ${credit}, claimed on your tax return`, 48, 500),
      );
      return deck;
    };
    const changes = figureChanges(
      withTexts('50', '$3,597.00'),
      withTexts('40', '$3,000.00'),
      quote,
    );
    expect(changes.map(({ label, inFile, inQuote }) => [label, inFile, inQuote])).toEqual([
      ['Cold spaces per site', '40', '50'],
      ['Estimated ITC credit', '$3,000.00', '$3,597.00'],
    ]);
  });

  it('finds a figure at its place when a shape is added before it', () => {
    const file = copyOf(version);
    const pricing = slideOf(file, PRICING).document.elements;
    pricing.splice(1, 0, { kind: 'rect', x: 0, y: 0, w: 960, h: 20, fill: '#1FA9C0' });
    pricing.splice(5, 0, text('Prices valid for 30 days', 48, 500));
    elementOf(file, PRICING, 2, 'table').rows[1]![1] = '$4,500.00';
    expect(figureChanges(version, file, quote)).toEqual([
      expect.objectContaining({
        label: 'Battery Backup unit price',
        product: { id: battery.id, field: 'unitPrice', value: 4500 },
      }),
    ]);
  });

  it('reads against the quote as the quote summary states it', () => {
    const summary = quoteSummary(
      {
        selectedProducts: [{ id: 'battery_backup', quantity: 2, customPricing: 5500 }],
        includePricing: true,
        customPricing: {},
      },
      SEED_PRICE_BOOK,
    );
    expect(quoteFiguresOf(summary, 'de-DE')).toEqual({
      locale: 'de-DE',
      products: [{ id: 'battery_backup', name: 'Battery Backup', quantity: 2, unitPrice: 5500 }],
    });
  });
});

describe('keepQuoteFigures', () => {
  const version = salesDeck();

  /** A file with a unit price, a total and the product's description changed. */
  function editedFile() {
    const file = copyOf(version);
    elementOf(file, PRICING, 1, 'table').rows[1]![1] = '$4,500.00';
    elementOf(file, PRICING, 2, 'text').text = 'Keeps the whole house running in an outage.';
    elementOf(file, SUMMARY, 2, 'text').text = 'Total you pay $9,000';
    elementOf(file, 'why-us', 0, 'text').text = 'Why pick Northwind';
    return file;
  }

  it('restores the figures and keeps every other edit', () => {
    const kept = keepQuoteFigures(version, editedFile());
    expect(elementOf(kept, PRICING, 1, 'table')).toEqual(elementOf(version, PRICING, 1, 'table'));
    expect(elementOf(kept, SUMMARY, 2, 'text')).toEqual(elementOf(version, SUMMARY, 2, 'text'));
    expect(elementOf(kept, PRICING, 2, 'text').text).toBe(
      'Keeps the whole house running in an outage.',
    );
    expect(elementOf(kept, 'why-us', 0, 'text').text).toBe('Why pick Northwind');
    expect(figureChanges(version, kept, quoteIn('en-US'))).toEqual([]);
    expect(changedQuoteFigures(version, kept)).toEqual([]);
    expect(compareEditedDecks(version, kept).map(({ number }) => number)).toEqual([2, 4]);
  });

  it('leaves out a figure added to a priced slide', () => {
    const file = copyOf(version);
    slideOf(file, PRICING).document.elements.push(text('Now only $3,999!', 600, 300));
    expect(keepQuoteFigures(version, file)).toEqual(version);
  });

  it('keeps a figure taken away away', () => {
    const file = copyOf(version);
    slideOf(file, PRICING).document.elements.splice(3, 2); // the total and its caption go
    expect(keepQuoteFigures(version, file)).toEqual(file);
  });
});

describe('changedQuoteFigures', () => {
  const version = salesDeck();
  const investment = '“Battery Backup: your investment”';

  it('names a slide whose figure was edited, not one whose description was', () => {
    const described = copyOf(version);
    elementOf(described, PRICING, 2, 'text').text = 'Keeps the whole house running in an outage.';
    expect(changedQuoteFigures(version, described)).toEqual([]);

    const priced = copyOf(described);
    elementOf(priced, PRICING, 1, 'table').rows[1]![1] = '$4,500.00';
    expect(changedQuoteFigures(version, priced)).toEqual([
      `${investment}: its figures are the quote's; change prices and quantities with Modify.`,
    ]);
  });

  it('lets a table move without naming it', () => {
    const moved = copyOf(version);
    elementOf(moved, SUMMARY, 1, 'table').x = 80;
    expect(changedQuoteFigures(version, moved)).toEqual([]);
  });

  it('names a figure typed on a priced slide, and a priced slide the version does not have', () => {
    const typedIn = copyOf(version);
    slideOf(typedIn, SUMMARY).document.elements.push(text('Pay 10% now', 600, 300));
    const copy = structuredClone(slideOf(version, PRICING));
    typedIn.slides.push({ ...copy, key: 'pricing-battery_backup-copy' });
    expect(changedQuoteFigures(version, typedIn)).toEqual([
      "“Quote summary”: its figures are the quote's; change prices and quantities with Modify.",
      `${investment}: a new slide showing the quote's figures; add products and prices with Modify.`,
    ]);
  });
});

describe('pairElements', () => {
  it('pairs by id first, then by rank among elements of a kind', () => {
    const before = [text('a', 0, 0), { ...text('b', 0, 0), id: 'b' }, text('c', 0, 0)];
    const after = [{ ...text('b', 0, 0), id: 'b' }, text('a', 0, 0), text('new', 0, 0)];
    expect(pairElements(before, after)).toEqual([
      [1, 0],
      [0, 1],
      [2, 2],
    ]);
    expect(pairElements(before, after.slice(0, 1))).toEqual([
      [1, 0],
      [0, undefined],
      [2, undefined],
    ]);
  });
});

describe('productFigureEdits', () => {
  const version = salesDeck();
  const quote = quoteIn('en-US');

  it('asks once for a price shown on two slides, and for a quantity', () => {
    const file = copyOf(version);
    elementOf(file, PRICING, 1, 'table').rows[1]![1] = '$4,500.00';
    elementOf(file, PRICING, 1, 'table').rows[2]![1] = '3';
    elementOf(file, SUMMARY, 1, 'table').rows[0]![2] = '$4,500';
    expect(productFigureEdits(figureChanges(version, file, quote))).toEqual({
      products: { battery_backup: { unitPrice: 4500, quantity: 3 } },
      conflicts: [],
    });
  });

  it('takes no side when two slides say two prices', () => {
    const file = copyOf(version);
    elementOf(file, PRICING, 1, 'table').rows[1]![1] = '$4,500.00';
    elementOf(file, SUMMARY, 1, 'table').rows[0]![2] = '$4,900';
    expect(productFigureEdits(figureChanges(version, file, quote))).toEqual({
      products: {},
      conflicts: [
        'Battery Backup unit price is shown differently on different slides: $4,500.00, $4,900.',
      ],
    });
  });
});
