import { describe, expect, it } from 'vitest';
import { endSentence } from './sentence.ts';

describe('endSentence', () => {
  it('adds a full stop only where the text has none', () => {
    expect(endSentence('Proposing to Big Buyer')).toBe('Proposing to Big Buyer.');
    expect(endSentence('Proposing to Big Buyer Inc.')).toBe('Proposing to Big Buyer Inc.');
    expect(endSentence('Ready?')).toBe('Ready?');
    expect(endSentence('Wait… ')).toBe('Wait…');
  });
});
