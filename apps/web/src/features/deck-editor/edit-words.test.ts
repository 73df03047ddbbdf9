import type { TemplateParagraph } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import { withWords, wordsOf } from './edit-words.ts';

describe('a text’s words typed over', () => {
  it('keeps a string a string', () => {
    expect(withWords('Cold chain', 'Cold chains')).toBe('Cold chains');
  });

  it('keeps the runs of a styled paragraph, the typing going where it begins', () => {
    const text: TemplateParagraph[] = [
      { runs: [{ text: 'Caring', weight: 'bold' }, { text: ' about students' }] },
    ];
    expect(wordsOf(text)).toBe('Caring about students');
    // Typed at the end of the bold word: written bold, as PowerPoint would.
    expect(withWords(text, 'Caringly about students')).toEqual([
      { runs: [{ text: 'Caringly', weight: 'bold' }, { text: ' about students' }] },
    ]);
    // A stretch across both runs replaced: what each kept stays in it.
    expect(withWords(text, 'Car for students')).toEqual([
      { runs: [{ text: 'Car for', weight: 'bold' }, { text: ' students' }] },
    ]);
  });

  it('follows paragraphs typed in or out, keeping those that read the same', () => {
    const styled: TemplateParagraph = { runs: [{ text: 'One', weight: 'bold' }] };
    expect(withWords([styled, 'Two'], 'One\n\nTwo\n\nThree')).toEqual([styled, 'Two', 'Three']);
    expect(withWords([styled, 'Two'], 'One')).toEqual([styled]);
  });
});
