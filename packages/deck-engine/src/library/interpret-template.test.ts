import { templateLayoutSchema, type TemplatePart } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import type { ShapeElement, TextElement } from '../layout/model.ts';
import { ctx, draw, salesLayout, text, texts } from './interpret-template-fixtures.ts';
import { interpretTemplate } from './interpret-template.ts';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { quoteSummary } from '@deck-portal/domain/pricing';

describe('drawing a template document', () => {
  it('resolves brand and category colours for the deck’s brand', () => {
    const slide = draw([
      {
        kind: 'rect',
        x: 0,
        y: 0,
        w: 1,
        h: 1,
        fill: 'brand.accent',
        stroke: { color: 'category', width: 1 },
      },
      { kind: 'line', x1: 0, y1: 0, x2: 1, y2: 1, color: '#123ABC', width: 1 },
    ]);
    expect(slide.background).toBe('AA0011');
    expect(slide.elements[0]).toMatchObject({ fill: 'AA0011', stroke: { color: '7C5CDB' } });
    expect(slide.elements[1]).toMatchObject({ color: '123ABC' });
  });

  it('shows an element only when its condition holds, and draws no empty picture', () => {
    const picture = {
      kind: 'picture',
      x: 0,
      y: 0,
      w: 100,
      h: 100,
      src: '{{placeholder.photo}}',
      alt: 'Photo',
    };
    const elements = [
      text('has a photo', { when: { filled: 'placeholder.photo' } }),
      text('no photo', { when: { empty: 'placeholder.photo' } }),
      picture,
    ];
    expect(texts(draw(elements, [], { photo: '  ' }))).toEqual(['no photo']);
    const withPhoto = draw(elements, [], { photo: ' https://pictures.example/a.png ' });
    expect(texts(withPhoto)).toEqual(['has a photo']);
    expect(withPhoto.elements.at(-1)).toMatchObject({
      kind: 'image',
      src: 'https://pictures.example/a.png',
      alt: 'Photo',
    });
  });

  it('places a part’s elements where the part element stands, and stops a part that places itself', () => {
    const parts: TemplatePart[] = [
      { id: 'footer', elements: [text('footer {{slide.number}}') as never] },
      { id: 'loop', elements: [{ kind: 'part', part: 'loop' }, text('loop') as never] },
    ];
    const slide = draw(
      [
        text('before'),
        { kind: 'part', part: 'footer' },
        text('after'),
        { kind: 'part', part: 'missing' },
      ],
      parts,
    );
    expect(texts(slide)).toEqual(['before', 'footer 4', 'after']);
    expect(texts(draw([{ kind: 'part', part: 'loop' }], parts))).toEqual([
      'loop',
      'loop',
      'loop',
      'loop',
    ]);
  });

  it('lays out a table with its cells bound, product fields included, in brand colours', () => {
    const slide = draw([
      {
        kind: 'table',
        name: 'specs',
        x: 48,
        y: 116,
        w: 864,
        h: 200,
        columns: [2, 1],
        header: ['For {{client.name}}', '{{product.battery_backup.name}}'],
        rows: [
          ['Warranty', '{{product.battery_backup.warrantyYears}} years'],
          ['Unknown product', '{{product.no_such_thing.name}}'],
        ],
        headerFill: 'brand.accent',
      },
    ]);
    const [table] = slide.elements;
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.name).toBe('specs');
    // A row whose value is a binding that comes out empty is left out.
    expect(table.rows.map((row) => row.map((cell) => cell.text.paragraphs.join(' ')))).toEqual([
      ['For Harbor Fresh Foods', 'Battery Backup'],
      ['Warranty', '7 years'],
    ]);
    expect(table.rows[0]![0]!.fill).toBe('AA0011');
    expect(table.columnWidths).toEqual([576, 288]);
  });

  it('draws the deck’s quote where a quote element stands, and nothing without pricing', () => {
    const quoteElement = {
      kind: 'quote',
      name: 'the-quote',
      x: 48,
      y: 124,
      w: 600,
      h: 240,
      headerFill: 'brand.accent',
    };
    const document = salesLayout([quoteElement]);
    const selection = {
      selectedProducts: [
        { id: 'battery_backup', quantity: 1, customPricing: 5995 },
        { id: 'controller', quantity: 11, customPricing: 179 },
        { id: 'battery_monitoring', quantity: 1, customPricing: 75 },
      ],
      includePricing: true,
      customPricing: {},
    };
    const quote = quoteSummary(selection, SEED_PRICE_BOOK);
    const priced = interpretTemplate(document, { ...ctx, quote }, { parts: new Map() });
    const [table] = priced.elements;
    if (table?.kind !== 'table') throw new Error(`drew ${table?.kind}`);
    expect(table.name).toBe('the-quote');
    const cells = table.rows.map((row) => row.map((cell) => cell.text.paragraphs.join(' ')));
    // The battery at list: $5,995 + $250 white-glove, 30% credit $1,873.50. 11 controllers at
    // $179, $20 (10.1%) under their $199 list: $1,969 + $35 flat-rate, no credit. Monitoring:
    // $75 a year, not in what the client pays now.
    expect(cells).toEqual([
      ['Item', 'Quantity', 'List price', 'Your price', 'Discount', 'Amount'],
      ['Battery Backup', '1', '$5,995.00', '$5,995.00', '', '$5,995.00'],
      ['Controller', '11', '$199.00', '$179.00', '−$220.00 (10.1%)', '$1,969.00'],
      ['Subtotal', '', '', '', '', '$7,964.00'],
      ['Shipping and delivery', '', '', '', '', '$285.00'],
      ['Total you pay', '', '', '', '', '$8,249.00'],
      ['Battery monitoring · per year', '1', '$75.00', '$75.00', '', '$75.00 a year'],
      [
        'Estimated investment tax credit (30%) on Battery Backup, subject to tax advice',
        '',
        '',
        '',
        '',
        '−$1,873.50',
      ],
      ['Your cost after the estimated credit', '', '', '', '', '$6,375.50'],
    ]);
    // The headline is what the client pays; the credit after it is not emphasised.
    const weights = table.rows.map((row) => row[0]!.text.weight);
    expect(weights[5]).toBe('bold');
    expect(weights.filter((weight) => weight === 'bold')).toHaveLength(1);
    expect(table.rows[0]![0]!.fill).toBe('AA0011');

    expect(interpretTemplate(document, ctx, { parts: new Map() }).elements).toEqual([]);
  });

  it('draws products’ feature tags from the price book as chips, row by row, sized to their words', () => {
    const book = {
      ...SEED_PRICE_BOOK,
      products: SEED_PRICE_BOOK.products.map((product) =>
        product.id === 'controller'
          ? { ...product, features: ['Edge automation', 'A much longer tag about remote access'] }
          : product,
      ),
    };
    const document = salesLayout([
      {
        kind: 'chips',
        x: 60,
        y: 400,
        w: 310,
        h: 46,
        products: ['controller', 'data_logger', 'no_such_product'],
        style: { weight: 'medium', size: 9.5, color: 'brand.ink' },
        fill: 'brand.background',
        stroke: { color: 'brand.rule', width: 0.75 },
        radius: 10,
      },
    ]);
    const drawn = interpretTemplate(document, { ...ctx, priceBook: book }, { parts: new Map() });
    const chipTexts = drawn.elements.filter((e): e is TextElement => e.kind === 'text');
    const chipBoxes = drawn.elements.filter((e): e is ShapeElement => e.kind === 'rect');
    // The controller's tags as the price book has them now, then the logger's, in two rows.
    expect(chipTexts.map((t) => t.paragraphs[0])).toEqual([
      'Edge automation',
      'A much longer tag about remote access',
      '±0.3 °C accuracy',
      '2-year battery',
      'Cellular & Wi-Fi',
    ]);
    expect(chipBoxes.map((b) => b.y)).toEqual([400, 400, 426, 426, 426]);
    // Each box 10 points wider than its words on either side, the next 8 points after it.
    const [first, second] = chipBoxes;
    expect(first!.w).toBeCloseTo(chipTexts[0]!.lines[0]!.width + 20, 1);
    expect(second!.x).toBeCloseTo(first!.x + first!.w + 8, 5);
    expect(chipTexts[0]).toMatchObject({ align: 'center', x: first!.x, w: first!.w });
    expect(chipBoxes.every((b) => b.x + b.w <= 370)).toBe(true);
    // What does not fit the height is left out: the logger's last tag, a third row.
    expect(chipTexts.map((t) => t.paragraphs[0])).not.toContain('Audit-ready reports');

    // A narrow element: each chip as wide as the element at most, one to a row.
    const narrow = salesLayout([{ ...document.elements[0], w: 120, h: 80 }]);
    const boxes = interpretTemplate(
      narrow,
      { ...ctx, priceBook: book },
      { parts: new Map() },
    ).elements.filter((e): e is ShapeElement => e.kind === 'rect');
    expect(boxes.map((b) => [b.x, b.y])).toEqual([
      [60, 400],
      [60, 426],
      [60, 452],
    ]);
    expect(Math.max(...boxes.map((b) => b.w))).toBe(120);
  });

  it('sets the texts of a size group at the smallest size any of them needs', () => {
    const figure = (value: string, x: number, sizeGroup?: string) =>
      text(value, {
        x,
        w: 84,
        h: 34,
        style: {
          weight: 'bold',
          size: 20,
          minSize: 8,
          maxLines: 2,
          color: 'brand.ink',
          ...(sizeGroup ? { sizeGroup } : {}),
        },
      });
    const sizes = (group?: string) =>
      draw([
        figure('3', 0, group),
        figure('Unlimited for the life of the site', 100, group),
        figure('12', 200),
      ]).elements.map((element) => (element.kind === 'text' ? element.size : 0));
    const [alone, long, apart] = sizes();
    expect(long).toBeLessThan(alone!);
    expect(apart).toBe(20);
    // Grouped: the "3" is set as small as the long text beside it; a text outside keeps its own.
    expect(sizes('figures')).toEqual([long, long, 20]);
  });

  it('shows a paragraph only when its condition holds, and binds the rep as one line', () => {
    const paragraphs = [
      '{{deck.date}}',
      { text: 'Attention: {{contact.name}}', when: { filled: 'contact.name' } },
      { text: 'By {{rep.nameAndTitle}}', when: { filled: 'rep.name' } },
      '{{rep.reach}}',
    ];
    expect(texts(draw([text(paragraphs, { h: 200 })]))).toEqual([
      'March 5, 2026 / Attention: Dana Reyes / By Ada Rep / ada@polar.example · 555 0100',
    ]);
    const withoutContact = interpretTemplate(
      templateLayoutSchema.parse({
        format: 1,
        id: 't',
        name: 'T',
        description: '',
        placeholders: [],
        background: '#FFFFFF',
        category: 'market',
        elements: [text(paragraphs, { h: 200 })],
      }),
      { ...ctx, contact: '', presenter: { ...ctx.presenter!, jobTitle: 'AE', phone: null } },
      { parts: new Map() },
    );
    expect(texts(withoutContact)).toEqual(['March 5, 2026 / By Ada Rep, AE / ada@polar.example']);
  });

  it('repeats its elements per product, closer together to fit, pinned edges following', () => {
    const slide = interpretTemplate(
      templateLayoutSchema.parse({
        format: 1,
        id: 'r',
        name: 'R',
        description: '',
        placeholders: [],
        background: '#FFFFFF',
        category: 'products',
        elements: [
          {
            kind: 'repeat',
            over: 'deck.products',
            x: 100,
            y: 50,
            direction: 'right',
            step: 300,
            within: 600,
            elements: [
              {
                kind: 'rect',
                x: 0,
                y: 0,
                w: 280,
                h: 100,
                pin: 'both',
                fill: 'brand.panel',
              },
              text('{{item.number}}. {{item.name}}: {{item.warrantyYears}} years', {
                x: 260,
                w: 20,
                pin: 'end',
              }),
            ],
          },
        ],
      }),
      { ...ctx, products: ['bms', 'controller', 'data_logger'] },
      { parts: new Map() },
    );
    const boxes = slide.elements.filter((e): e is ShapeElement => e.kind === 'rect');
    // Three copies in 600 pt: 200 apart, each box 100 narrower, its end pinned to the copy's.
    expect(boxes.map((b) => [b.x, b.w])).toEqual([
      [100, 180],
      [300, 180],
      [500, 180],
    ]);
    const labels = slide.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(labels.map((t) => t.x)).toEqual([260, 460, 660]);
    expect(labels.map((t) => t.name ?? t.paragraphs.join(''))).toHaveLength(3);
  });

  it('draws a repeat over no items as nothing, and over sections from its fallback', () => {
    const sections = (deckSections: string[]) =>
      texts(
        interpretTemplate(
          templateLayoutSchema.parse({
            format: 1,
            id: 's',
            name: 'S',
            description: '',
            placeholders: [],
            background: '#FFFFFF',
            category: 'intro',
            elements: [
              {
                kind: 'repeat',
                over: 'deck.sections',
                fallback: ['Company', 'Next steps'],
                x: 0,
                y: 0,
                direction: 'down',
                step: 40,
                elements: [text('{{item.number | pad: "2"}} {{item.name}}')],
              },
              {
                kind: 'repeat',
                over: 'deck.products',
                x: 0,
                y: 300,
                direction: 'down',
                step: 40,
                elements: [text('{{item.name}}')],
              },
            ],
          }),
          { ...ctx, sections: deckSections },
          { parts: new Map() },
        ),
      );
    expect(sections(['Market'])).toEqual(['01 Market']);
    expect(sections([])).toEqual(['01 Company', '02 Next steps']);
  });
});
