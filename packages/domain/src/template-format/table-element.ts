import { z } from 'zod';
import { boundText } from './bindings.ts';
import { importFontFamilies, templateColorSchema } from './colors-and-fonts.ts';
import { boxShape, common } from './element-fields.ts';

/** A grid line of a table: its colour and width in points. */
const tableBorderSchema = z
  .object({ color: templateColorSchema, width: z.number().min(0).max(20) })
  .strict();
export type TableBorder = z.infer<typeof tableBorderSchema>;

const tableWeightSchema = z.enum(['regular', 'medium', 'semibold', 'bold']);

/**
 * A paragraph of a cell set in from the cell's padding and, when it has one, hung from a bullet,
 * as a PowerPoint cell's list levels set it (a cell of bulleted sub-points).
 */
const cellParagraphSchema = z
  .object({
    /** How far its words sit right of the cell's padding, in points. */
    indent: z.number().min(0).max(500),
    /** Its bullet, or a number's label (`1.`), drawn `hanging` points before its first word. */
    bullet: z
      .string()
      .refine((value) => [...value].length <= 8 && value.trim() !== '', 'at most 8 characters')
      .optional(),
    hanging: z.number().min(0).max(200).optional(),
  })
  .strict();
export type TableCellParagraph = z.infer<typeof cellParagraphSchema>;

/**
 * A table laid out by the engine: one font size (each cell's in proportion to it), chosen so all
 * rows fit the box; row heights from the wrapped text. Cells are text and may hold bindings.
 *
 * The per-cell fields (`cellFills`, `textColors`, `weights`, `italics`, `cellScales`,
 * `cellValigns`) and `merges` count rows over the whole table: the header is row 0 when there is
 * one, the body rows follow. Without them the table has the engine's look (`headerFill`, `stripe`,
 * `emphasisRow`, a rule under each row).
 */
export const tableElementSchema = z
  .object({
    kind: z.literal('table'),
    ...common,
    ...boxShape,
    /** Relative column widths (`[2, 1, 1]`: the first column half the table). */
    columns: z.array(z.number().positive().max(100)).min(1).max(12),
    header: z.array(boundText).max(12).optional(),
    rows: z.array(z.array(boundText).max(12)).max(60),
    /**
     * Each row's least height as a share of the box's (header first, as the per-cell fields):
     * a row is never shorter, grows for its text, and room left over is shared in proportion.
     */
    rowShares: z.array(z.number().min(0).max(1)).max(61).optional(),
    align: z
      .array(z.enum(['left', 'center', 'right']))
      .max(12)
      .optional(),
    /** The largest cell size in points; smaller when the rows do not fit. */
    size: z.number().min(4).max(60).optional(),
    /** Line pitch as a multiple of the size (1.25 when absent). */
    lineHeight: z.number().min(0.5).max(4).optional(),
    /** A bundled family for every cell (as a text style's `font`); the brand's when absent. */
    font: z.enum(importFontFamilies).optional(),
    /** Room between a cell's edges and its text, in points: `x` left and right, `y` above and below. */
    padding: z
      .object({ x: z.number().min(0).max(50), y: z.number().min(0).max(50) })
      .strict()
      .optional(),
    /** Where the text sits in its cell, top to bottom (`middle` when absent). */
    valign: z.enum(['top', 'middle', 'bottom']).optional(),
    /** The header row's fill; null leaves it unfilled (its text then in the body's colour). */
    headerFill: templateColorSchema.nullable(),
    /** The weight of the first column (row labels). */
    firstColumnWeight: tableWeightSchema.optional(),
    /** The fill of every other body row. */
    stripe: templateColorSchema.optional(),
    /** A body row (from 0) to emphasise, such as a total. */
    emphasisRow: z.number().int().min(0).max(59).optional(),
    emphasisFill: templateColorSchema.optional(),
    /**
     * Each cell's fill, row by row (null: none). When given it is the fill of every cell, in
     * place of `headerFill`, `stripe` and `emphasisFill`.
     */
    cellFills: z.array(z.array(templateColorSchema.nullable()).max(12)).max(61).optional(),
    /** Each cell's text colour (null: the table's usual colour for that cell). */
    textColors: z.array(z.array(templateColorSchema.nullable()).max(12)).max(61).optional(),
    /** Each cell's text weight (null: the table's usual weight for that cell). */
    weights: z.array(z.array(tableWeightSchema.nullable()).max(12)).max(61).optional(),
    /** Cells whose text is italic (null: upright). */
    italics: z.array(z.array(z.boolean().nullable()).max(12)).max(61).optional(),
    /**
     * Each cell's text size as a multiple of the table's (`1.5`: half as large again; null: the
     * table's), so a heading row keeps its proportion when the table's size changes or shrinks.
     */
    cellScales: z
      .array(z.array(z.number().min(0.2).max(5).nullable()).max(12))
      .max(61)
      .optional(),
    /**
     * Room around each cell's text in points, side by side (null: the table's `padding`), for
     * the cells that set their own margins.
     */
    cellPaddings: z
      .array(
        z
          .array(
            z
              .object({
                left: z.number().min(0).max(50),
                right: z.number().min(0).max(50),
                top: z.number().min(0).max(50),
                bottom: z.number().min(0).max(50),
              })
              .strict()
              .nullable(),
          )
          .max(12),
      )
      .max(61)
      .optional(),
    /**
     * Each cell's paragraphs set in or bulleted (null: all plain), one entry for each paragraph
     * of the cell's text as split on new lines (null: that paragraph is plain).
     */
    cellParagraphs: z
      .array(z.array(z.array(cellParagraphSchema.nullable()).max(100).nullable()).max(12))
      .max(61)
      .optional(),
    /** Where each cell's text sits, top to bottom (null: the table's `valign`). */
    cellValigns: z
      .array(z.array(z.enum(['top', 'middle', 'bottom']).nullable()).max(12))
      .max(61)
      .optional(),
    /**
     * The grid's lines, in place of the rule under each row. `horizontal[r][c]` runs along the
     * top of row r over column c (r = the row count: the table's bottom edge); `vertical[r][c]`
     * runs down the left of column c along row r (c = the column count: the right edge).
     * null: no line there. All grid lines, only horizontal rules and none are all this.
     */
    borders: z
      .object({
        horizontal: z.array(z.array(tableBorderSchema.nullable()).max(12)).max(62),
        vertical: z.array(z.array(tableBorderSchema.nullable()).max(13)).max(61),
      })
      .strict()
      .optional(),
    /**
     * Merged cells: the cell at `row`, `column` spans `rows` rows and `columns` columns and its
     * text is laid out across them; the cells it covers are not drawn (their text is ignored).
     */
    merges: z
      .array(
        z
          .object({
            row: z.number().int().min(0).max(60),
            column: z.number().int().min(0).max(11),
            rows: z.number().int().min(1).max(61),
            columns: z.number().int().min(1).max(12),
          })
          .strict(),
      )
      .max(200)
      .optional(),
  })
  .strict()
  .superRefine((table, context) => {
    const widths = table.columns.length;
    const rowCount = table.rows.length + (table.header ? 1 : 0);
    const check = (row: string[], path: (string | number)[]) => {
      if (row.length !== widths) {
        context.addIssue({
          code: 'custom',
          path,
          message: `has ${row.length} cells for ${widths} columns`,
        });
      }
    };
    if (table.header) check(table.header, ['header']);
    table.rows.forEach((row, i) => check(row, ['rows', i]));

    // A grid of the table's shape: `rows` rows of `columns` entries each.
    const checkGrid = (
      grid: unknown[][] | undefined,
      path: (string | number)[],
      rows: number,
      columns: number,
      what: string,
    ) => {
      if (!grid) return;
      if (grid.length !== rows) {
        context.addIssue({
          code: 'custom',
          path,
          message: `has ${grid.length} rows of ${what} for a table of ${rows}`,
        });
        return;
      }
      grid.forEach((row, i) => {
        if (row.length !== columns) {
          context.addIssue({
            code: 'custom',
            path: [...path, i],
            message: `has ${row.length} ${what} for ${columns} columns`,
          });
        }
      });
    };
    checkGrid(table.cellFills, ['cellFills'], rowCount, widths, 'fills');
    checkGrid(table.textColors, ['textColors'], rowCount, widths, 'colours');
    checkGrid(table.weights, ['weights'], rowCount, widths, 'weights');
    if (table.rowShares && table.rowShares.length !== rowCount) {
      context.addIssue({
        code: 'custom',
        path: ['rowShares'],
        message: `has ${table.rowShares.length} heights for a table of ${rowCount} rows`,
      });
    }
    checkGrid(table.italics, ['italics'], rowCount, widths, 'slants');
    checkGrid(table.cellScales, ['cellScales'], rowCount, widths, 'sizes');
    checkGrid(table.cellValigns, ['cellValigns'], rowCount, widths, 'placements');
    checkGrid(table.cellPaddings, ['cellPaddings'], rowCount, widths, 'margins');
    checkGrid(table.cellParagraphs, ['cellParagraphs'], rowCount, widths, 'lists');
    if (table.borders) {
      const { horizontal, vertical } = table.borders;
      checkGrid(horizontal, ['borders', 'horizontal'], rowCount + 1, widths, 'lines');
      checkGrid(vertical, ['borders', 'vertical'], rowCount, widths + 1, 'lines');
    }

    const covered = new Set<string>();
    (table.merges ?? []).forEach((merge, i) => {
      if (merge.row + merge.rows > rowCount || merge.column + merge.columns > widths) {
        context.addIssue({
          code: 'custom',
          path: ['merges', i],
          message: `runs outside the table's ${rowCount} rows and ${widths} columns`,
        });
        return;
      }
      for (let r = merge.row; r < merge.row + merge.rows; r++) {
        for (let c = merge.column; c < merge.column + merge.columns; c++) {
          const key = `${r},${c}`;
          if (covered.has(key)) {
            context.addIssue({
              code: 'custom',
              path: ['merges', i],
              message: `overlaps another merge at row ${r}, column ${c}`,
            });
            return;
          }
          covered.add(key);
        }
      }
    });
  });
