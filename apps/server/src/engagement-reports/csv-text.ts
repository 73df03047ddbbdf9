/**
 * CSV as a spreadsheet opens it as is: UTF-8 with a byte order mark (Excel reads the file as
 * UTF-8 only with it), RFC 4180 quoting, CRLF line ends.
 */
export const csvByteOrderMark = '\uFEFF';

export type CsvValue = string | number | null;

/** One CSV line, ended by CRLF. */
export function csvLine(values: readonly CsvValue[]) {
  return `${values.map(csvField).join(',')}\r\n`;
}

function csvField(value: CsvValue) {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = defuseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1`, `@SUM`) gets a leading
 * apostrophe, so a name a client typed is shown, never run (OWASP's CSV injection advice).
 */
function defuseFormula(text: string) {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
