import { describe, expect, it } from 'vitest';
import {
  describeTemplateProblems,
  isSameImportedSlide,
  editRuns,
  fillBindings,
  findBindings,
  paragraphText,
  readProductBinding,
  styleWords,
  linkWords,
  linkOfWords,
  linkAddressFrom,
  templateElementSchema,
  templateLayoutSchema,
  templateLibraryDocumentsSchema,
  templateSlideDocumentSchema,
} from './template-format.ts';

const layout = {
  format: 1,
  id: 'promise',
  name: 'Promise',
  description: 'One promise to the client.',
  placeholders: [
    { objectId: 'promise', label: 'Promise', type: 'BODY' },
    { objectId: 'photo', label: 'Photo', type: 'PICTURE' },
  ],
  background: 'brand.panel',
  category: 'sales',
  heading: 'For {{client.name}}',
  elements: [
    { kind: 'part', part: 'title-bar' },
    {
      kind: 'text',
      name: 'promise',
      x: 48,
      y: 124,
      w: 864,
      h: 200,
      text: '{{placeholder.promise}}',
      style: { size: 28, color: 'brand.ink' },
    },
    {
      kind: 'picture',
      x: 600,
      y: 300,
      w: 200,
      h: 150,
      src: '{{placeholder.photo}}',
      alt: '{{ client.name | upper }}',
      when: { filled: 'placeholder.photo' },
    },
    { kind: 'rect', x: 0, y: 0, w: 10, h: 540, fill: '#1FA9C0', fillOpacity: 0.5 },
  ],
};

function problems(document: unknown) {
  const parsed = templateLayoutSchema.safeParse(document);
  return parsed.success ? [] : describeTemplateProblems(parsed.error);
}

describe('the template format', () => {
  it('accepts a layout with bindings, a condition, brand and literal colours', () => {
    const parsed = templateLayoutSchema.parse(layout);
    const text = parsed.elements[1];
    expect(text?.kind === 'text' && text.style.weight).toBe('regular');
    expect(findBindings(parsed.heading!)).toEqual([{ path: 'client.name', filter: undefined }]);
    expect(findBindings('{{ client.name | upper }} and {{deck.date}}')).toEqual([
      { path: 'client.name', filter: 'upper' },
      { path: 'deck.date', filter: undefined },
    ]);
  });

  it('refuses a binding that does not exist, naming where it is', () => {
    const bad = structuredClone(layout);
    bad.elements[1]!.text = 'Dear {{client.nmae}}';
    expect(problems(bad)).toEqual([
      'elements.1.text: {{client.nmae}} is not a binding this format knows',
    ]);
  });

  it('refuses a field binding the layout does not declare, and any on a slide', () => {
    const bad = structuredClone(layout);
    bad.elements[1]!.text = '{{placeholder.promis}}';
    bad.placeholders.push({ objectId: 'photo', label: 'Again', type: 'PICTURE' });
    expect(problems(bad)).toEqual([
      'placeholders.2.objectId: "photo" names another field of this layout',
      'elements.1: {{placeholder.promis}} is not a field of this layout',
    ]);
    const { placeholders: _placeholders, name, ...slide } = layout;
    const parsed = templateSlideDocumentSchema.safeParse({ ...slide, title: name });
    expect(parsed.success ? [] : describeTemplateProblems(parsed.error)).toEqual([
      'elements.1: {{placeholder.promise}} is only known on a layout',
      'elements.2: {{placeholder.photo}} is only known on a layout',
    ]);
  });

  it('refuses an unknown filter and an unknown condition path', () => {
    const bad = structuredClone(layout);
    bad.heading = '{{client.name | shout}}';
    bad.elements[2]!.when = { filled: 'client.secret' };
    expect(problems(bad)).toEqual([
      'heading: "shout" is not a filter this format knows',
      'elements.2.when.filled: is not a binding this format knows',
    ]);
  });

  it('refuses colours that are neither #RRGGBB, a brand colour nor category', () => {
    for (const fill of ['red', '#12345', 'brand.pink', 'rgb(0,0,0)']) {
      const parsed = templateElementSchema.safeParse({
        kind: 'rect',
        x: 0,
        y: 0,
        w: 1,
        h: 1,
        fill,
      });
      expect(parsed.success, fill).toBe(false);
    }
  });

  it('refuses unknown element kinds and unknown properties', () => {
    expect(templateElementSchema.safeParse({ kind: 'video', x: 0, y: 0, w: 1, h: 1 }).success).toBe(
      false,
    );
    expect(
      templateElementSchema.safeParse({ kind: 'logo', x: 0, y: 0, size: 20, onClick: 'x' }).success,
    ).toBe(false);
  });

  it('knows linear gradients (angle, the default kind) and radial ones (centre, 0.5 when absent)', () => {
    const stops = [
      { at: 0, color: '#FFFFFF' },
      { at: 1, color: 'brand.ink', opacity: 0.5 },
    ];
    const shape = { kind: 'rect', x: 0, y: 0, w: 100, h: 100, fill: '#808080' };
    const problemsOf = (gradient: unknown) => {
      const parsed = templateElementSchema.safeParse({ ...shape, gradient });
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(problemsOf({ angle: 90, stops })).toEqual([]);
    expect(problemsOf({ kind: 'linear', angle: 0, stops })).toEqual([]);
    expect(problemsOf({ kind: 'radial', stops })).toEqual([]);
    expect(problemsOf({ kind: 'radial', cx: 0, cy: 1, stops })).toEqual([]);
    expect(problemsOf({ stops })).toEqual(['gradient.angle: a linear gradient has an angle']);
    expect(problemsOf({ kind: 'radial', angle: 90, stops })).toEqual([
      'gradient.angle: a radial gradient has a centre, not an angle',
    ]);
    expect(problemsOf({ angle: 90, cx: 0.2, stops })).toEqual([
      'gradient.cx: only a radial gradient has a centre',
    ]);
    expect(problemsOf({ kind: 'radial', cx: 1.5, stops })).toHaveLength(1);
    expect(problemsOf({ kind: 'conic', angle: 0, stops })).toHaveLength(1);
  });

  it('turns shapes, pictures and texts, and mirrors shapes and pictures', () => {
    const valid = (element: Record<string, unknown>) =>
      templateElementSchema.safeParse(element).success;
    const box = { x: 10, y: 10, w: 100, h: 50 };
    const path = 'M 0 0 L 1000 0 L 0 1000 Z';
    expect(valid({ kind: 'path', ...box, path, fill: '#C92A2A', rotation: 45, flipH: true })).toBe(
      true,
    );
    expect(valid({ kind: 'ellipse', ...box, fill: '#C92A2A', rotation: 270, flipV: true })).toBe(
      true,
    );
    expect(
      valid({ kind: 'picture', ...box, src: 'a.png', alt: '', rotation: 90, flipV: true }),
    ).toBe(true);
    const text = { kind: 'text', ...box, text: 'Turned', style: { size: 12, color: '#000000' } };
    expect(valid({ ...text, rotation: 90 })).toBe(true);
    // Degrees clockwise from 0 to 360; a text is not mirrored, nor a line or a table turned.
    expect(valid({ ...text, rotation: -90 })).toBe(false);
    expect(valid({ ...text, rotation: 400 })).toBe(false);
    expect(valid({ ...text, flipH: true })).toBe(false);
    expect(
      valid({ kind: 'line', x1: 0, y1: 0, x2: 1, y2: 1, color: '#000000', width: 1, rotation: 10 }),
    ).toBe(false);
  });

  it('refuses a document of another format version', () => {
    expect(problems({ ...layout, format: 2 })[0]).toMatch(/^format: /);
  });

  it('accepts a table whose rows have a cell per column, and a product field binding', () => {
    const table = {
      kind: 'table',
      x: 48,
      y: 116,
      w: 864,
      h: 200,
      columns: [2, 1],
      header: ['', '{{product.data_logger.name}}'],
      rows: [['Warranty', '{{product.data_logger.warrantyYears}} years']],
      headerFill: 'brand.primary',
      stripe: '#F7F9FC',
    };
    expect(templateElementSchema.safeParse(table).success).toBe(true);
    const short = { ...table, rows: [['Warranty']] };
    const parsed = templateElementSchema.safeParse(short);
    expect(parsed.success).toBe(false);
    expect(describeTemplateProblems(parsed.error!)).toEqual(['rows.0: has 1 cells for 2 columns']);
    const wideHeader = { ...table, header: ['', 'a', 'b'] };
    expect(describeTemplateProblems(templateElementSchema.safeParse(wideHeader).error!)).toEqual([
      'header: has 3 cells for 2 columns',
    ]);
  });

  describe('a table with its own look', () => {
    const line = { color: '#8EA9DB', width: 1 };
    // Two columns, a header and two body rows: three rows in all.
    const table = {
      kind: 'table',
      x: 48,
      y: 116,
      w: 864,
      h: 200,
      columns: [2, 1],
      header: ['Region', 'Share'],
      rows: [
        ['North', '40%'],
        ['South', '60%'],
      ],
      headerFill: null,
      padding: { x: 0.75, y: 0.38 },
      cellFills: [
        [null, null],
        ['#FF0000', null],
        [null, 'brand.accent'],
      ],
      textColors: [
        ['#1F3864', '#1F3864'],
        [null, null],
        [null, null],
      ],
      weights: [
        ['bold', 'bold'],
        [null, null],
        [null, null],
      ],
      italics: [
        [null, null],
        [true, null],
        [null, null],
      ],
      cellScales: [
        [1.5, 1.5],
        [null, null],
        [null, 0.8],
      ],
      cellValigns: [
        ['bottom', 'bottom'],
        [null, null],
        [null, null],
      ],
      borders: {
        horizontal: [
          [line, line],
          [line, line],
          [null, null],
          [line, line],
        ],
        vertical: [
          [null, null, null],
          [null, null, null],
          [null, null, null],
        ],
      },
      merges: [{ row: 0, column: 0, rows: 1, columns: 2 }],
    };
    const problemsOf = (value: unknown) => {
      const parsed = templateElementSchema.safeParse(value);
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };

    it("accepts fills, colours, weights, slants, sizes, placements, grid lines and merges of the table's shape", () => {
      expect(problemsOf(table)).toEqual([]);
    });

    it('refuses a per-cell grid of another shape, naming the field and row', () => {
      expect(problemsOf({ ...table, cellFills: table.cellFills.slice(1) })).toEqual([
        'cellFills: has 2 rows of fills for a table of 3',
      ]);
      expect(
        problemsOf({ ...table, textColors: [['#000000'], ...table.textColors.slice(1)] }),
      ).toEqual(['textColors.0: has 1 colours for 2 columns']);
      expect(
        problemsOf({
          ...table,
          borders: { ...table.borders, vertical: table.borders.horizontal.slice(1) },
        }),
      ).toEqual([
        'borders.vertical.0: has 2 lines for 3 columns',
        'borders.vertical.1: has 2 lines for 3 columns',
        'borders.vertical.2: has 2 lines for 3 columns',
      ]);
      expect(problemsOf({ ...table, cellScales: [[1.5], ...table.cellScales.slice(1)] })).toEqual([
        'cellScales.0: has 1 sizes for 2 columns',
      ]);
      expect(problemsOf({ ...table, rowShares: [0.5, 0.5] })).toEqual([
        'rowShares: has 2 heights for a table of 3 rows',
      ]);
      expect(problemsOf({ ...table, cellValigns: table.cellValigns.slice(1) })).toEqual([
        'cellValigns: has 2 rows of placements for a table of 3',
      ]);
      expect(problemsOf({ ...table, cellFills: [[null, 'red'], ...table.cellFills] })).toContain(
        'cellFills.0.1: must be #RRGGBB, a brand colour such as brand.accent, or category',
      );
    });

    it('refuses a merge outside the table or over another one', () => {
      expect(
        problemsOf({ ...table, merges: [{ row: 2, column: 1, rows: 2, columns: 1 }] }),
      ).toEqual(["merges.0: runs outside the table's 3 rows and 2 columns"]);
      expect(
        problemsOf({
          ...table,
          merges: [
            { row: 1, column: 0, rows: 2, columns: 1 },
            { row: 2, column: 0, rows: 1, columns: 2 },
          ],
        }),
      ).toEqual(['merges.1: overlaps another merge at row 2, column 0']);
    });

    it('keeps a table without a header fill valid, and one with a header fill as before', () => {
      const plain = { ...table };
      for (const key of [
        'cellFills',
        'textColors',
        'weights',
        'italics',
        'cellScales',
        'cellValigns',
        'borders',
        'merges',
      ] as const)
        delete (plain as Partial<typeof table>)[key];
      expect(problemsOf(plain)).toEqual([]);
      expect(problemsOf({ ...plain, headerFill: '#203864' })).toEqual([]);
      expect(problemsOf({ ...plain, headerFill: undefined })).toEqual([
        expect.stringMatching(/^headerFill: /),
      ]);
    });
  });

  it('knows a product binding by its field, whatever the product', () => {
    expect(readProductBinding('product.cold_room_kit.name')).toEqual({
      productId: 'cold_room_kit',
      field: 'name',
    });
    expect(readProductBinding('product.bms.price')).toBeUndefined();
    const bad = structuredClone(layout);
    bad.elements[1]!.text = '{{product.bms.price}}';
    expect(problems(bad)).toEqual([
      'elements.1.text: {{product.bms.price}} is not a binding this format knows',
    ]);
  });

  it('fills bindings through their filters', () => {
    const values: Record<string, string> = { 'client.name': 'Acme Inc.', 'contact.name': '' };
    const fill = (text: string) => fillBindings(text, (path) => values[path] ?? '');
    expect(fill('For {{client.name | upper}}')).toBe('For ACME INC.');
    expect(fill('at {{client.name | sentence}}')).toBe('at Acme Inc.');
    values['client.name'] = 'Acme';
    expect(fill('at {{client.name | sentence}}')).toBe('at Acme.');
    expect(fill('with {{contact.name | default: "your team"}}.')).toBe('with your team.');
    values['contact.name'] = 'Dana';
    expect(fill('with {{contact.name | default: "your team"}}.')).toBe('with Dana.');
  });

  it('refuses a filter without the text it needs, or with one it takes none of', () => {
    const bad = structuredClone(layout);
    bad.elements[1]!.text = '{{contact.name | default}} {{client.name | upper: "x"}}';
    expect(problems(bad)).toEqual([
      'elements.1.text: the "default" filter needs a text: {{contact.name | default: "…"}}',
      'elements.1.text: the "upper" filter takes no text',
    ]);
  });

  it('accepts paragraphs with conditions of their own', () => {
    const element = {
      kind: 'text',
      x: 0,
      y: 0,
      w: 100,
      h: 100,
      text: [
        '{{deck.date}}',
        { text: 'Attention: {{contact.name}}', when: { filled: 'contact.name' } },
      ],
      style: { size: 12, color: 'brand.ink' },
    };
    expect(templateElementSchema.safeParse(element).success).toBe(true);
    const unknown = { ...element, text: [{ text: 'x', when: { filled: 'contact.nmae' } }] };
    expect(templateElementSchema.safeParse(unknown).success).toBe(false);
  });

  it('accepts paragraphs written as runs of their own style, and says what is wrong with one', () => {
    const element = {
      kind: 'text',
      x: 0,
      y: 0,
      w: 100,
      h: 100,
      text: [
        {
          runs: [
            { text: 'Caring', weight: 'bold', italic: true },
            { text: ' about ' },
            { text: '{{client.name}}', underline: true, color: 'brand.accent' },
            { text: 'th', script: 'super' },
            { text: '!', size: 18 },
          ],
        },
        { runs: [{ text: 'Only for a contact' }], when: { filled: 'contact.name' } },
      ],
      style: { size: 12, color: 'brand.ink' },
    };
    const parsed = templateElementSchema.parse(element);
    expect(
      parsed.kind === 'text' && Array.isArray(parsed.text) && parsed.text.map(paragraphText),
    ).toEqual(['Caring about {{client.name}}th!', 'Only for a contact']);
    const run = (extra: object) => ({ ...element, text: [{ runs: [{ text: 'x', ...extra }] }] });
    expect(templateElementSchema.safeParse(run({ script: 'raised' })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ color: 'red' })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ size: 0 })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ size: 401 })).success).toBe(false);
    expect(templateElementSchema.safeParse(run({ family: 'Inter' })).success).toBe(false);
    expect(templateElementSchema.safeParse({ ...element, text: [{ runs: [] }] }).success).toBe(
      false,
    );
    expect(
      templateElementSchema.safeParse({
        ...element,
        text: [{ runs: [{ text: '{{client.nmae}}' }] }],
      }).success,
    ).toBe(false);
  });

  it('edits runs as typing would: each word keeps its style, typed words take the one before', () => {
    const runs = [
      { text: 'Caring', weight: 'bold' as const },
      { text: ' about students (' },
      { text: 'Support', underline: true },
      { text: ')' },
    ];
    // Typing at the end of the bold word goes on in bold.
    expect(editRuns(runs, 'Caring! about students (Support)')).toEqual([
      { text: 'Caring!', weight: 'bold' },
      { text: ' about students (' },
      { text: 'Support', underline: true },
      { text: ')' },
    ]);
    // A word replaced inside a run stays in that run.
    expect(editRuns(runs, 'Caring about pupils (Support)')[1]).toEqual({ text: ' about pupils (' });
    // A cut across runs keeps what is left of each; a run cut away entirely is gone.
    expect(editRuns(runs, 'Car)')).toEqual([{ text: 'Car', weight: 'bold' }, { text: ')' }]);
    // Typing at the very start takes the first run's style; clearing leaves one empty run.
    expect(editRuns(runs, 'So Caring about students (Support)')[0]).toEqual({
      text: 'So Caring',
      weight: 'bold',
    });
    expect(editRuns(runs, '')).toEqual([{ text: '', weight: 'bold' }]);
    expect(editRuns(runs, 'Caring about students (Support)')).toEqual(runs);
    // A space typed after "Caring", before the space that opens the next run: the caret says
    // which one is new.
    expect(editRuns(runs, 'Caring  about students (Support)', 7).slice(0, 2)).toEqual([
      { text: 'Caring ', weight: 'bold' },
      { text: ' about students (' },
    ]);
  });

  it('styles chosen words of a paragraph, and makes them plain again', () => {
    const bold = styleWords('Caring about students', { from: 0, to: 6 }, 'bold');
    expect(bold).toEqual({
      runs: [{ text: 'Caring', weight: 'bold' }, { text: ' about students' }],
    });
    // Underlining words across two runs splits them; the condition stays.
    const underlined = styleWords(
      { ...(bold as object), when: { filled: 'contact.name' } } as never,
      { from: 3, to: 12 },
      'underline',
    );
    expect(underlined).toEqual({
      runs: [
        { text: 'Car', weight: 'bold' },
        { text: 'ing', weight: 'bold', underline: true },
        { text: ' about', underline: true },
        { text: ' students' },
      ],
      when: { filled: 'contact.name' },
    });
    // Bold again over words that are all bold already: plain, and plain text when nothing is left.
    expect(styleWords(bold, { from: 0, to: 6 }, 'bold')).toBe('Caring about students');
    // A binding is styled whole, never cut.
    expect(styleWords('Dear {{client.name}}', { from: 8, to: 12 }, 'italic')).toEqual({
      runs: [{ text: 'Dear ' }, { text: '{{client.name}}', italic: true }],
    });
    expect(styleWords('Nothing chosen', { from: 4, to: 4 }, 'bold')).toBe('Nothing chosen');
  });

  it('links chosen words to a web page, changes the address, and takes the link off', () => {
    const linked = linkWords(
      'Book a demo today',
      { from: 0, to: 11 },
      'https://northwind.example/demo',
    );
    expect(linked).toEqual({
      runs: [
        { text: 'Book a demo', link: 'https://northwind.example/demo', underline: true },
        { text: ' today' },
      ],
    });
    expect(linkOfWords(linked, { from: 5, to: 11 })).toBe('https://northwind.example/demo');
    // Words only partly linked have no one link to offer.
    expect(linkOfWords(linked, { from: 5, to: 17 })).toBeNull();
    // A new address for the same words; a bold word inside keeps its weight.
    const bold = styleWords(linked, { from: 7, to: 11 }, 'bold');
    const moved = linkWords(bold, { from: 0, to: 11 }, 'mailto:sales@northwind.example');
    expect(moved).toEqual({
      runs: [
        { text: 'Book a ', link: 'mailto:sales@northwind.example', underline: true },
        { text: 'demo', weight: 'bold', link: 'mailto:sales@northwind.example', underline: true },
        { text: ' today' },
      ],
    });
    // Taken off: the words stay underlined (the editor takes that off as any style).
    expect(linkWords(linked, { from: 0, to: 11 }, null)).toEqual({
      runs: [{ text: 'Book a demo', underline: true }, { text: ' today' }],
    });
    // A binding is linked whole; nothing chosen changes nothing.
    expect(linkWords('See {{client.name}}', { from: 6, to: 8 }, 'https://a.example')).toEqual({
      runs: [
        { text: 'See ' },
        { text: '{{client.name}}', link: 'https://a.example', underline: true },
      ],
    });
    expect(linkWords('Nothing chosen', { from: 3, to: 3 }, 'https://a.example')).toBe(
      'Nothing chosen',
    );
  });

  it('reads the address a person typed for a link', () => {
    expect(linkAddressFrom(' https://northwind.example/demo ')).toBe(
      'https://northwind.example/demo',
    );
    expect(linkAddressFrom('northwind.example/demo')).toBe('https://northwind.example/demo');
    expect(linkAddressFrom('localhost:3000/x')).toBeNull();
    expect(linkAddressFrom('sales@northwind.example')).toBe('mailto:sales@northwind.example');
    expect(linkAddressFrom('mailto:sales@northwind.example')).toBe(
      'mailto:sales@northwind.example',
    );
    for (const refused of ['', 'demo', 'javascript:alert(1)', 'file:///etc/passwd', 'a b.example'])
      expect(linkAddressFrom(refused), refused).toBeNull();
  });

  it('knows item bindings inside a repeat, by what it goes over, and nowhere else', () => {
    const repeat = (text: string) => ({
      kind: 'repeat',
      over: 'deck.sections',
      x: 0,
      y: 0,
      direction: 'down',
      step: 40,
      elements: [
        { kind: 'text', x: 0, y: 0, w: 100, h: 30, text, style: { size: 12, color: 'brand.ink' } },
      ],
    });
    const withElements = (elements: unknown[]) => ({ ...structuredClone(layout), elements });
    expect(problems(withElements([repeat('{{item.number | pad: "2"}} {{item.name}}')]))).toEqual(
      [],
    );
    expect(problems(withElements([repeat('{{item.warrantyYears}}')]))).toEqual([
      'elements.0.elements.0: {{item.warrantyYears}} is not a field of deck.sections',
    ]);
    const products = { ...repeat('{{item.warrantyYears}} years'), over: 'deck.products' };
    expect(problems(withElements([products]))).toEqual([]);
    const outside = { ...layout.elements[1], text: 'Section {{item.name}}' };
    expect(problems(withElements([outside]))).toEqual([
      'elements.0: {{item.name}} is only known inside a repeat',
    ]);
    // In a run of a styled paragraph too.
    const inRun = {
      ...layout.elements[1],
      text: [{ runs: [{ text: 'Section ' }, { text: '{{item.name}}', weight: 'bold' }] }],
    };
    expect(problems(withElements([inRun]))).toEqual([
      'elements.0: {{item.name}} is only known inside a repeat',
    ]);
    const nested = { ...repeat('x'), elements: [repeat('y')] };
    expect(problems(withElements([nested])).length).toBeGreaterThan(0);
  });

  it('knows pricing bindings only on a slide drawn once per priced product', () => {
    const slide = (drawn: string | undefined, text: string) => ({
      format: 1,
      id: 'pricing',
      title: 'Pricing',
      description: '',
      ...(drawn ? { drawn } : {}),
      background: 'brand.background',
      category: 'sales',
      heading: '{{pricing.productName}}: your investment',
      elements: [{ ...layout.elements[1], text }],
    });
    const slideProblems = (document: unknown) => {
      const parsed = templateSlideDocumentSchema.safeParse(document);
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(
      slideProblems(slide('perPricedProduct', '{{pricing.effective}} · {{pricing.creditLabel}}')),
    ).toEqual([]);
    expect(slideProblems(slide('withPricing', 'Net {{pricing.effective}}'))).toEqual([
      'elements.0: {{pricing.effective}} is only known on a slide drawn once per priced product',
    ]);
    expect(slideProblems(slide(undefined, '{{pricing.qty}}'))).toEqual([
      'elements.0: {{pricing.qty}} is only known on a slide drawn once per priced product',
    ]);
    expect(slideProblems(slide('perPricedProduct', '{{pricing.margin}}'))).toEqual([
      'elements.0.text: {{pricing.margin}} is not a binding this format knows',
    ]);
    expect(slideProblems(slide('sometimes', 'x'))[0]).toMatch(/^drawn: /);
    expect(
      problems({ ...layout, elements: [{ ...layout.elements[1], text: '{{pricing.qty}}' }] }),
    ).toEqual([
      'elements.0: {{pricing.qty}} is only known on a slide drawn once per priced product',
    ]);
  });

  it('knows feature tags: whose, in what style, and nothing else', () => {
    const chips = (extra: Record<string, unknown>) => ({
      ...layout,
      elements: [
        {
          kind: 'chips',
          x: 66,
          y: 434,
          w: 524,
          h: 50,
          products: ['controller'],
          style: { weight: 'medium', size: 9.5, color: 'brand.ink' },
          ...extra,
        },
      ],
    });
    expect(problems(chips({ fill: 'brand.background', radius: 10, gap: 8 }))).toEqual([]);
    expect(problems(chips({ products: [] }))).toEqual([
      'elements.0.products: Too small: expected array to have >=1 items',
    ]);
    expect(problems(chips({ tags: ['Fast'] }))[0]).toMatch(/^elements\.0: Unrecognized key/);
  });

  it('names a text’s size group by lower-case letters and digits', () => {
    const grouped = (sizeGroup: string) => ({
      ...layout,
      elements: [{ ...layout.elements[1], style: { size: 20, color: 'brand.ink', sizeGroup } }],
    });
    expect(problems(grouped('figures-2'))).toEqual([]);
    expect(problems(grouped('Figures!'))).toEqual([
      'elements.0.style.sizeGroup: a size group is named by lower-case letters and digits',
    ]);
  });

  it('checks a slide’s figures: formulas over the quote and earlier figures, bindings to them', () => {
    const slide = {
      format: 1,
      id: 'roi',
      title: 'ROI',
      description: '',
      background: '#FFFFFF',
      category: 'sales',
      figures: { saving: '59700', payback: 'quote.net / figure.saving * 12' },
      elements: [
        {
          kind: 'text',
          x: 0,
          y: 0,
          w: 100,
          h: 40,
          text: '{{figure.payback | number: "1"}} months on {{quote.net}}, saving {{figure.saving | money}}',
          style: { size: 12, color: 'brand.ink' },
        },
      ],
    };
    const check = (document: unknown) => {
      const parsed = templateSlideDocumentSchema.safeParse(document);
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(check(slide)).toEqual([]);
    expect(
      check({ ...slide, figures: { payback: 'quote.net / figure.saving', saving: '1' } }),
    ).toEqual(['figures.payback: figure.saving is not a figure it can use']);
    // A product's quantity in the deck, in a formula and in a text.
    expect(
      check({
        ...slide,
        figures: { sites: 'max(1, quantity.controller)', saving: '7400 * figure.sites' },
        elements: [{ ...slide.elements[0]!, text: '{{quantity.controller}} controllers' }],
      }),
    ).toEqual([]);
    expect(
      check({ ...slide, figures: { sites: 'quantity.Controller', saving: '1', payback: '1' } }),
    ).toEqual(['figures.sites: quantity.Controller is not a figure it can use']);
    const unknown = structuredClone(slide);
    unknown.elements[0]!.text = '{{figure.profit}}';
    expect(check(unknown)).toEqual([
      'elements.0: {{figure.profit}} is not a figure this slide computes',
    ]);
    expect(fillBindings('{{x | money}} {{x | number: "1"}}', () => '59700.25')).toBe(
      '$59,700 59,700.3',
    ); // A payback in whole months, with the word that fits the number.
    const months = (value: string) => fillBindings('{{x | months}}', () => value);
    expect([months('0.6'), months('1.4'), months('14.6'), months('1234'), months('')]).toEqual([
      '1 month',
      '1 month',
      '15 months',
      '1,234 months',
      '',
    ]);
  });

  it('checks a whole library: unique ids, and parts that exist', () => {
    const slide = {
      format: 1,
      id: 'cover',
      title: 'Cover',
      description: '',
      background: '#FFFFFF',
      category: 'intro',
      elements: [{ kind: 'part', part: 'footer' }],
    };
    const library = {
      format: 1,
      slides: [slide],
      layouts: [layout],
      parts: [
        { id: 'footer', elements: [] },
        { id: 'title-bar', elements: [] },
      ],
    };
    const check = (value: unknown) => {
      const parsed = templateLibraryDocumentsSchema.safeParse(value);
      return parsed.success ? [] : describeTemplateProblems(parsed.error);
    };
    expect(check(library)).toEqual([]);
    expect(check({ ...library, slides: [slide, slide] })).toEqual([
      'slides.1.id: "cover" is used by another of the library\'s slides',
    ]);
    expect(check({ ...library, parts: [{ id: 'title-bar', elements: [] }] })).toEqual([
      'slides.0.elements.0.part: the library has no part "footer"',
    ]);
  });
});

describe('where an imported slide came from', () => {
  const spring = { file: 'Master.pptx', created: '2025-01-15T10:00:00.000Z', slide: 256 };

  it('is the same slide in any copy of the presentation, whatever the file is called', () => {
    expect(isSameImportedSlide(spring, { ...spring, file: 'Master (autumn).pptx' })).toBe(true);
    expect(isSameImportedSlide(spring, { ...spring, slide: 257 })).toBe(false);
    // Another presentation of the same name is another.
    expect(isSameImportedSlide(spring, { ...spring, created: '2026-06-01T08:00:00.000Z' })).toBe(
      false,
    );
  });

  it('goes by the file name where a file does not say when it was made', () => {
    const { created: _, ...undated } = spring;
    expect(isSameImportedSlide(undated, spring)).toBe(true);
    expect(isSameImportedSlide(undated, { ...spring, file: 'Other.pptx' })).toBe(false);
  });

  it('is checked like the rest of a slide document', () => {
    const document = {
      format: 1,
      id: 'cover',
      title: 'Cover',
      description: '',
      category: 'intro',
      background: '#FFFFFF',
      elements: [],
    };
    expect(templateSlideDocumentSchema.safeParse({ ...document, source: spring }).success).toBe(
      true,
    );
    for (const source of [
      { ...spring, slide: 12 },
      { ...spring, created: 'soon' },
      { ...spring, file: '' },
    ]) {
      expect(templateSlideDocumentSchema.safeParse({ ...document, source }).success).toBe(false);
    }
  });
});
