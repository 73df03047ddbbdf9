import { z } from 'zod';
import { currencyDigits } from '../deck/money.ts';
import type { ProductPrices } from './price-lists.ts';

/**
 * A price list as a file (issue 50): one row per product, its id, its name (for the reader;
 * not read back) and its four prices in the list's currency. An admin exports a list, edits it
 * in a spreadsheet and imports it again.
 *
 * Numbers are plain: digits and at most one decimal separator, no currency sign, no grouping.
 * A comma-separated file writes decimals with a point (there "1,234" could be a thousand); a
 * semicolon-separated one (what a spreadsheet in a comma-decimal locale saves) may write them
 * with a comma. An amount has at most the currency's own decimals (none for yen).
 */
export const PRICE_FILE_COLUMNS = [
  'productId',
  'name',
  'msrp',
  'basePrice',
  'whiteGloveShipping',
  'flatRateShipping',
] as const;
const PRICE_COLUMNS = ['msrp', 'basePrice', 'whiteGloveShipping', 'flatRateShipping'] as const;
const REQUIRED_COLUMNS = ['productId', ...PRICE_COLUMNS] as const;
const MAX_PRICE = 1_000_000_000;

/** One product's prices as a file row gives them. */
export interface PriceFileRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  productId: string;
  prices: ProductPrices;
}

/** What is wrong with a row, where a spreadsheet shows it. */
export interface PriceFileProblem {
  row: number;
  column: string;
  message: string;
}

/** A file that is not a price list at all (no header, a stray quote): nothing of it is read. */
export class MalformedPriceFile extends Error {
  override name = 'MalformedPriceFile';
}

/** Splits CSV text into records of fields (RFC 4180 quoting), with each record's row number. */
function csvRecords(text: string, delimiter: string): { row: number; fields: string[] }[] {
  const records: { row: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let row = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== '' || wasQuoted) {
      records.push({ row, fields });
    }
    fields = [];
    field = '';
    wasQuoted = false;
    row += 1;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      wasQuoted = true;
      field = '';
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else field += char;
  }
  if (quoted) throw new MalformedPriceFile(`Row ${row} opens a quote that never closes.`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** A cell's amount, or what is wrong with it. */
function readAmount(
  cell: string,
  currency: string,
  decimalComma: boolean,
): { amount: number } | { problem: string } {
  const text = cell.trim();
  if (text === '') return { problem: 'No price: write 0 for none.' };
  if (!decimalComma && /^\d+,\d+$/.test(text)) {
    return {
      problem: `“${text}” has a comma: write decimals with a point (1234.50) and no thousands separators.`,
    };
  }
  const match = (decimalComma ? /^(\d+)(?:,(\d+))?$/ : /^(\d+)(?:\.(\d+))?$/).exec(text);
  if (!match) {
    return {
      problem: `“${text}” is not a price: write digits only${decimalComma ? ', a comma before decimals' : ''}, without a currency sign or thousands separators.`,
    };
  }
  const digits = currencyDigits(currency);
  if ((match[2]?.length ?? 0) > digits) {
    return {
      problem:
        digits === 0
          ? `“${text}”: ${currency} amounts are whole numbers.`
          : `“${text}” has more than ${digits} decimals.`,
    };
  }
  const amount = Number(`${match[1]}.${match[2] ?? '0'}`);
  if (amount > MAX_PRICE) return { problem: `“${text}” is above ${MAX_PRICE}.` };
  return { amount };
}

/**
 * Reads a price list file in `currency`: UTF-8 text, with or without a byte-order mark,
 * comma- or semicolon-separated (told by the header). Rows that cannot be read are problems by
 * row and column; a file without the columns is malformed (thrown).
 */
export function readPriceFile(
  text: string,
  currency: string,
): { rows: PriceFileRow[]; problems: PriceFileProblem[] } {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const records = csvRecords(body, delimiter);
  const header = records.shift();
  if (!header) throw new MalformedPriceFile('The file is empty.');
  const names = header.fields.map((name) => name.trim());
  const known = new Set<string>(PRICE_FILE_COLUMNS);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new MalformedPriceFile(
      `Unknown column${unknown.length === 1 ? '' : 's'} ${unknown.map((name) => `“${name}”`).join(', ')}: the columns are ${PRICE_FILE_COLUMNS.join(', ')}.`,
    );
  }
  const absent = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (absent.length > 0) {
    throw new MalformedPriceFile(`The header has no ${absent.join(', ')} column.`);
  }
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new MalformedPriceFile(`The header names ${twice} twice.`);
  const at = (fields: readonly string[], column: string) => fields[names.indexOf(column)] ?? '';

  const rows: PriceFileRow[] = [];
  const problems: PriceFileProblem[] = [];
  const seen = new Map<string, number>();
  for (const { row, fields } of records) {
    if (fields.length > names.length) {
      problems.push({
        row,
        column: '',
        message: `${fields.length} cells where the header has ${names.length}.`,
      });
      continue;
    }
    const productId = at(fields, 'productId').trim();
    if (!productId) {
      problems.push({ row, column: 'productId', message: 'No product id.' });
      continue;
    }
    const earlier = seen.get(productId);
    if (earlier !== undefined) {
      problems.push({
        row,
        column: 'productId',
        message: `${productId} is on row ${earlier} already.`,
      });
      continue;
    }
    seen.set(productId, row);
    const prices = {} as ProductPrices;
    let readable = true;
    for (const column of PRICE_COLUMNS) {
      const read = readAmount(at(fields, column), currency, delimiter === ';');
      if ('problem' in read) {
        problems.push({ row, column, message: read.problem });
        readable = false;
      } else prices[column] = read.amount;
    }
    if (readable) rows.push({ row, productId, prices });
  }
  if (rows.length === 0 && problems.length === 0) {
    throw new MalformedPriceFile('The file has a header and no rows.');
  }
  return { rows, problems };
}

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const csvCell = (value: string) =>
  /[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** An amount as the file writes it: a point before the currency's decimals, no grouping. */
const fileAmount = (amount: number, currency: string) => amount.toFixed(currencyDigits(currency));

/**
 * A price list as a file: UTF-8 with a byte-order mark (so a spreadsheet reads its names
 * right), comma-separated, CRLF line ends; a product with no price in the list has empty cells.
 */
export function writePriceFile(
  currency: string,
  products: readonly { id: string; name: string; prices: ProductPrices | undefined }[],
): string {
  const lines = [PRICE_FILE_COLUMNS.join(',')];
  for (const product of products) {
    const cells = [product.id, product.name];
    for (const column of PRICE_COLUMNS) {
      cells.push(product.prices ? fileAmount(product.prices[column], currency) : '');
    }
    lines.push(cells.map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `POST /api/admin/price-lists/:currency/import`: the file's text; applied, or only previewed. */
export const priceListImportSchema = z
  .object({
    file: z.string().max(1_000_000, 'The file is above 1 MB'),
    apply: z.boolean().default(false),
  })
  .strict();
export type PriceListImport = z.input<typeof priceListImportSchema>;

const pricesView = z.object({
  msrp: z.number(),
  basePrice: z.number(),
  whiteGloveShipping: z.number(),
  flatRateShipping: z.number(),
});

/**
 * What an import does, or would do: the products whose prices change (their prices before:
 * null when not priced in the list yet), how many rows change nothing, the book's products the
 * file has no row for (they keep their prices), and the rows that cannot be used. Applied only
 * when asked and no row has a problem.
 */
export const priceListImportResultSchema = z.object({
  currency: z.string(),
  applied: z.boolean(),
  rows: z.number(),
  changes: z.array(
    z.object({
      row: z.number(),
      productId: z.string(),
      name: z.string(),
      before: pricesView.nullable(),
      after: pricesView,
    }),
  ),
  unchanged: z.number(),
  missing: z.array(z.object({ productId: z.string(), name: z.string(), priced: z.boolean() })),
  problems: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
});
export type PriceListImportResult = z.infer<typeof priceListImportResultSchema>;
