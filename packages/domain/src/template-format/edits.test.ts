import { describe, expect, it } from 'vitest';
import { linkAddressFrom } from '../link-address.ts';
import { editRuns, linkOfWords, linkWords, styleWords } from './edits.ts';

describe("the studio's edits of words", () => {
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
});
