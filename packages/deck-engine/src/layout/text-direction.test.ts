import { describe, expect, it } from 'vitest';
import { insertedValue } from '@deck-portal/domain';
import { layoutText } from './text-layout.ts';

const box = { x: 10, y: 20, w: 200, h: 100, color: '000000' };

describe('values inserted into a paragraph', () => {
  it('isolate each value inserted into a right-to-left sentence, so the date stays after the name', () => {
    const text = `أعدت لـ ${insertedValue('client.name', 'Acme Corp')} · ${insertedValue('deck.date', 'March 5, 2026')}`;
    const laid = layoutText({ ...box, w: 500, size: 20, text });
    // Left to right as drawn: read from the right, the Arabic words, the name, then the date.
    expect(laid.lines[0]!.runs!.map((run) => run.text)).toEqual([
      'March 5, 2026',
      '·',
      'Acme Corp',
      'لـ',
      'أعدت',
    ]);
    expect(laid.lines[0]!.text).toBe('أعدت لـ Acme Corp · March 5, 2026');
    // The PPTX gets the sentence with its values isolated (FSI … PDI).
    expect(laid.paragraphs).toEqual(['أعدت لـ \u2068Acme Corp\u2069 · \u2068March 5, 2026\u2069']);
    // Left to right, the isolation changes nothing: the text keeps no mark.
    const latin = layoutText({
      ...box,
      size: 20,
      text: `For ${insertedValue('client.name', 'Acme')}`,
    });
    expect(latin.paragraphs).toEqual(['For Acme']);
  });
});
