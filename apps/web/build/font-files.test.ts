import { describe, expect, it } from 'vitest';
import { emojiOnlyRange } from './font-files.ts';

describe('emojiOnlyRange', () => {
  it('leaves Noto Emoji its emoji and sequence marks, and the text fonts digits, #, ©, ™ and arrows', () => {
    expect(
      emojiOnlyRange(
        'U+23,U+2a,U+30-39,U+a9,U+ae,U+200d,U+203c,U+20e3,U+2122,U+2194-2199,U+21a9-2302,U+2764,U+1f680',
      ),
    ).toBe('U+200d,U+20e3,U+2200-2302,U+2764,U+1f680');
  });

  it('keeps a range wholly past the text characters as it is', () => {
    expect(emojiOnlyRange('U+1f1e6-1f1ff')).toBe('U+1f1e6-1f1ff');
  });
});
