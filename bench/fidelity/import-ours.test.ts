import { describe, expect, it } from 'vitest';
import { readImportReport } from './import-ours.ts';

describe('readImportReport', () => {
  it('reads each slide’s number (or its place in the list) and what it did not import', () => {
    const json = JSON.stringify({
      file: 'deck.pptx',
      slides: [
        { number: 1, title: 'Intro', unsupported: [{ kind: 'chart', why: 'not imported' }] },
        { number: 3, unsupported: [] },
        { title: 'no number, no list' },
      ],
    });
    expect(readImportReport(json)).toEqual([
      { number: 1, unsupported: [{ kind: 'chart', why: 'not imported' }] },
      { number: 3, unsupported: [] },
      { number: 3, unsupported: [] },
    ]);
    expect(readImportReport('{}')).toEqual([]);
  });
});
