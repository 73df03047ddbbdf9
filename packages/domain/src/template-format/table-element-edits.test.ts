import { describe, expect, it } from 'vitest';
import { describeTemplateProblems } from './documents.ts';
import { templateElementSchema } from './elements.ts';
import {
  addTableColumn,
  addTableRow,
  alignCellParagraphs,
  editTableCellText,
  removeTableColumn,
  removeTableRow,
} from './table-element-edits.ts';

const dot = { indent: 18, bullet: '•', hanging: 12 };
const dash = { indent: 36, bullet: '–', hanging: 12 };
const plain = { indent: 0 };

/** A header and two body rows of two columns; the first body cell holds two bulleted lines. */
const bulleted = templateElementSchema.parse({
  kind: 'table',
  x: 48,
  y: 116,
  w: 864,
  h: 200,
  columns: [2, 1],
  header: ['Plan', 'Price'],
  rows: [
    ['Included\nSupport\nTraining', '€ 900'],
    ['Extras', '€ 100'],
  ],
  headerFill: null,
  emphasisRow: 1,
  cellPaddings: [
    [null, null],
    [{ left: 4, right: 4, top: 2, bottom: 2 }, null],
    [null, null],
  ],
  cellParagraphs: [
    [null, null],
    [[plain, dot, dash], null],
    [null, null],
  ],
});
if (bulleted.kind !== 'table') throw new Error('a table');
const table = bulleted;

/** The table's problems as the schema tells them ([] when a save would be accepted). */
const problems = (value: unknown) => {
  const parsed = templateElementSchema.safeParse(value);
  return parsed.success ? [] : describeTemplateProblems(parsed.error);
};

describe("a table cell's paragraphs follow its lines", () => {
  const lists = [plain, dot, dash];
  const edit = (after: string) => alignCellParagraphs(lists, 'Included\nSupport\nTraining', after);

  it('keep their places when a line is edited', () => {
    expect(edit('Included\nSupport 24/7\nTraining')).toEqual([plain, dot, dash]);
  });

  it('give a new line the bullet of the line it was split from', () => {
    expect(edit('Included\nSupport\nOnboarding\nTraining')).toEqual([plain, dot, dot, dash]);
    expect(edit('Included\nSup\nport\nTraining')).toEqual([plain, dot, dot, dash]);
    expect(edit('Included\nSupport\nTraining\nTravel')).toEqual([plain, dot, dash, dash]);
  });

  it('take a removed line away with its paragraph, a joined line keeping the first one', () => {
    expect(edit('Included\nTraining')).toEqual([plain, dash]);
    expect(edit('Included\nSupportTraining')).toEqual([plain, dot]);
    expect(edit('Support\nTraining')).toEqual([dot, dash]);
  });

  it('are none when no line left has one, and stay none when the cell had none', () => {
    expect(edit('Included')).toEqual([plain]);
    expect(alignCellParagraphs([null, dot], 'Included\nSupport', 'Included')).toBeNull();
    expect(alignCellParagraphs(null, 'a', 'a\nb')).toBeNull();
  });
});

describe('editing a table', () => {
  it("changes one cell's text, counting the header as row 0, its paragraphs with its lines", () => {
    const edited = editTableCellText(table, 1, 0, 'Included\nSupport\nOnboarding\nTraining');
    expect(edited.rows[0]).toEqual(['Included\nSupport\nOnboarding\nTraining', '€ 900']);
    expect(edited.cellParagraphs?.[1]).toEqual([[plain, dot, dot, dash], null]);
    expect(problems(edited)).toEqual([]);
    const header = editTableCellText(table, 0, 1, 'Price a year');
    expect(header.header).toEqual(['Plan', 'Price a year']);
    expect(header.cellParagraphs).toBe(table.cellParagraphs);
  });

  it('adds a body row of plain cells, moving an emphasised row below it', () => {
    const added = addTableRow(table, 0);
    expect(added.rows).toEqual([['', ''], ...table.rows]);
    expect(added.cellParagraphs).toEqual([
      [null, null],
      [null, null],
      [[plain, dot, dash], null],
      [null, null],
    ]);
    expect(added.cellPaddings?.[1]).toEqual([null, null]);
    expect(added.emphasisRow).toBe(2);
    expect(problems(added)).toEqual([]);
    expect(addTableRow(table).rows.at(-1)).toEqual(['', '']);
  });

  it("removes a body row with its cells' paragraphs; an emphasised row gone is no more", () => {
    const removed = removeTableRow(table, 0);
    expect(removed.rows).toEqual([['Extras', '€ 100']]);
    expect(removed.cellParagraphs).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(removed.emphasisRow).toBe(0);
    expect(problems(removed)).toEqual([]);
    const last = removeTableRow(table, 1);
    expect(last.emphasisRow).toBeUndefined();
    expect('emphasisRow' in last).toBe(false);
    expect(problems(last)).toEqual([]);
  });

  it("adds and removes a column, the cells' paragraphs with it", () => {
    const added = addTableColumn(table, 1);
    expect(added.columns).toEqual([2, 1, 1]);
    expect(added.header).toEqual(['Plan', '', 'Price']);
    expect(added.cellParagraphs?.[1]).toEqual([[plain, dot, dash], null, null]);
    expect(problems(added)).toEqual([]);
    const removed = removeTableColumn(table, 0);
    expect(removed.rows).toEqual([['€ 900'], ['€ 100']]);
    expect(removed.cellParagraphs).toEqual([[null], [null], [null]]);
    expect(removed.cellPaddings).toEqual([[null], [null], [null]]);
    expect(problems(removed)).toEqual([]);
    expect(removeTableColumn(removed, 0)).toBe(removed);
  });
});
