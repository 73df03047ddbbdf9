import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-text.ts';

describe('csvLine', () => {
  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 12.5, null])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",12.5,\r\n',
    );
  });

  it('keeps a text that looks like a formula from being run', () => {
    expect(csvLine(['=HYPERLINK("x")', '-1', '@SUM(A1)', 'a=b'])).toBe(
      `"'=HYPERLINK(""x"")",'-1,'@SUM(A1),a=b\r\n`,
    );
  });
});
