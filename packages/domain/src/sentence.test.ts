import { describe, expect, it } from 'vitest';
import { endSentence, insertedValue, withoutInsertionMarks } from './sentence.ts';
import { fillBindings } from './template-format/index.ts';

describe('endSentence', () => {
  it('adds a full stop only where the text has none', () => {
    expect(endSentence('Proposing to Big Buyer')).toBe('Proposing to Big Buyer.');
    expect(endSentence('Proposing to Big Buyer Inc.')).toBe('Proposing to Big Buyer Inc.');
    expect(endSentence('Ready?')).toBe('Ready?');
    expect(endSentence('Wait… ')).toBe('Wait…');
  });
});

describe('insertedValue', () => {
  it('isolates every value for the bidirectional algorithm, and marks names to keep whole', () => {
    const values: Record<string, string> = {
      'client.name': 'شركة النور',
      'deck.date': 'March 5, 2026',
      'contact.name': '',
    };
    const text = fillBindings(
      'Prepared for {{client.name}} · {{deck.date}}{{contact.name}}',
      (path) => values[path] ?? '',
      'en-US',
      insertedValue,
    );
    expect(text).toBe('Prepared for \u2068\u2060شركة النور\u2069 · \u2068March 5, 2026\u2069');
    expect(withoutInsertionMarks(text)).toBe('Prepared for شركة النور · March 5, 2026');
    // Filters apply to the value, inside its marks.
    expect(fillBindings('{{client.name | upper}}', () => 'acme', 'en-US', insertedValue)).toBe(
      '\u2068\u2060ACME\u2069',
    );
  });
});
