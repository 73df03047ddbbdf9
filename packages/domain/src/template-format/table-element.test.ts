import { describe, expect, it } from 'vitest';
import { describeTemplateProblems } from './documents.ts';
import { templateElementSchema } from './elements.ts';

/** A table's kind, box and two columns, the first twice the second, as most tests here have it. */
const twoColumns = { kind: 'table', x: 48, y: 116, w: 864, h: 200, columns: [2, 1] } as const;

describe('a table', () => {
  it('accepts a table whose rows have a cell per column, and a product field binding', () => {
    const table = {
      ...twoColumns,
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
      ...twoColumns,
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

    it("accepts a cell's paragraphs set in and bulleted, and refuses a bullet of a whole word", () => {
      const lists = [
        [null, null],
        [[null, { indent: 13.5, bullet: '•', hanging: 13.5 }, { indent: 49.5, bullet: '–' }], null],
        [null, [{ indent: 18, bullet: '1.', hanging: 18 }]],
      ];
      expect(problemsOf({ ...table, cellParagraphs: lists })).toEqual([]);
      expect(
        problemsOf({ ...table, cellParagraphs: [[[{ indent: 0, bullet: 'Important' }], null]] }),
      ).toEqual([
        'cellParagraphs.0.0.0.bullet: at most 8 characters',
        'cellParagraphs: has 1 rows of lists for a table of 3',
      ]);
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
});
