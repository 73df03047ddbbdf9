import type { QuoteFigures } from './deck-edit-figures.ts';
import { editedDeckSchema, type EditedDeck, type EditedSlide } from './deck-edits.ts';
import { formatNumber } from './deck/locale.ts';
import { formatUsd } from './deck/money.ts';
import type { TemplateElement } from './template-format/elements.ts';

// A generated deck's version as an edited deck, for the comparison's tests: a cover, two body
// slides, a product's pricing slide and the quote summary (both priced), and the next steps,
// its figures written as `locale` writes them.

export const battery = {
  id: 'battery_backup',
  name: 'Battery Backup',
  quantity: 2,
  unitPrice: 5995,
};
export const logger = { id: 'data_logger', name: 'Data Logger', quantity: 10, unitPrice: 41 };

export const quoteIn = (locale: string): QuoteFigures => ({ locale, products: [battery, logger] });

export function text(words: string | string[], x: number, y: number, w = 400, h = 40) {
  return {
    kind: 'text',
    x,
    y,
    w,
    h,
    text: words,
    style: { weight: 'regular', size: 18, color: 'brand.ink' },
  } satisfies TemplateElement;
}

function table(rows: string[][], header?: string[]) {
  return {
    kind: 'table',
    x: 48,
    y: 120,
    w: 520,
    h: 300,
    columns: rows[0]!.map((_, i) => (i === 0 ? 2 : 1)),
    ...(header ? { header } : {}),
    rows,
    headerFill: header ? 'brand.primary' : null,
  } satisfies TemplateElement;
}

function slide(
  key: string,
  title: string,
  elements: TemplateElement[],
  options: { priced?: boolean; heading?: string } = {},
): EditedSlide {
  return {
    key,
    hidden: false,
    priced: options.priced ?? false,
    document: {
      format: 1,
      id: `edited-${key}`.replace(/[^0-9A-Za-z_-]/g, '-'),
      title,
      description: '',
      background: 'brand.panel',
      category: 'sales',
      ...(options.heading ? { heading: options.heading } : {}),
      elements,
    },
  };
}

export function salesDeck(locale = 'en-US'): EditedDeck {
  const money = (amount: number) => formatUsd(amount, locale);
  const roundMoney = (amount: number) =>
    formatNumber(amount, locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  const batteryAmount = battery.quantity * battery.unitPrice;
  const loggerAmount = logger.quantity * logger.unitPrice;
  return editedDeckSchema.parse({
    slides: [
      slide('title', 'Solar storage for Acme Corp', [
        text('Solar storage for Acme Corp', 48, 200, 860, 80),
        text('Prepared for Dana Smith', 48, 300),
      ]),
      slide('why-us', 'Why choose Northwind', [
        text('Why choose Northwind', 48, 40, 860, 60),
        text(
          [
            'Installed in schools across every state',
            'A warranty on every battery we fit',
            'Local crews who answer the phone',
          ],
          48,
          140,
          860,
          300,
        ),
      ]),
      slide('case-study', 'Case study: Lakeside College', [
        text('Case study: Lakeside College', 48, 40, 860, 60),
        text('Saved $40,000 in its first year on the same roof.', 48, 140),
      ]),
      slide(
        'pricing-battery_backup',
        'Pricing (one per product)',
        [
          { kind: 'part', part: 'title-bar' },
          table([
            ['List price', money(battery.unitPrice)],
            ['Your price', money(battery.unitPrice)],
            ['Quantity', formatNumber(battery.quantity, locale)],
            ['Total you pay', money(batteryAmount)],
            ['Estimated ITC credit (30%)', money(batteryAmount * 0.3)],
          ]),
          text('Keeps the lights and the fridge on through an outage.', 48, 440, 520, 60),
          text('YOUR TOTAL', 620, 140, 280, 30),
          text(money(batteryAmount), 620, 175, 280, 60),
        ],
        { priced: true, heading: `${battery.name}: your investment` },
      ),
      slide(
        'quote-summary',
        'Quote summary',
        [
          { kind: 'part', part: 'title-bar' },
          table(
            [
              [
                battery.name,
                formatNumber(battery.quantity, locale),
                money(battery.unitPrice),
                money(batteryAmount),
              ],
              [
                logger.name,
                formatNumber(logger.quantity, locale),
                money(logger.unitPrice),
                money(loggerAmount),
              ],
              ['Total you pay', '', '', money(batteryAmount + loggerAmount)],
            ],
            ['Product', 'Qty', 'Unit price', 'Amount'],
          ),
          text(`Total you pay ${roundMoney(batteryAmount + loggerAmount)}`, 48, 440, 520, 40),
        ],
        { priced: true, heading: 'Quote summary' },
      ),
      slide('next-steps', 'Next steps', [
        text('Next steps', 48, 40, 860, 60),
        text('Sign the proposal and we schedule the survey.', 48, 140),
      ]),
    ],
  });
}

/** A copy of a deck to change in a test. */
export const copyOf = (deck: EditedDeck): EditedDeck => structuredClone(deck);

/** A slide of a deck by its key. */
export function slideOf(deck: EditedDeck, key: string): EditedSlide {
  const found = deck.slides.find((one) => one.key === key);
  if (!found) throw new Error(`no slide ${key}`);
  return found;
}

/** An element of a slide, as the kind the test knows it is. */
export function elementOf<K extends TemplateElement['kind']>(
  deck: EditedDeck,
  key: string,
  index: number,
  kind: K,
): Extract<TemplateElement, { kind: K }> {
  const element = slideOf(deck, key).document.elements[index];
  if (element?.kind !== kind) throw new Error(`element ${index} of ${key} is not a ${kind}`);
  return element as Extract<TemplateElement, { kind: K }>;
}
