import { describe, expect, it } from 'vitest';
import { bulletCharacter } from './symbol-fonts.ts';

describe("a symbol font's bullet", () => {
  it.each([
    ['§', 'Wingdings', '▪'],
    ['\uF0A7', 'Wingdings', '▪'],
    ['Ø', 'Wingdings', '➢'],
    ['Ø', 'Wingdings 3', undefined],
    ['\uF07D', 'Wingdings 3', '►'],
    ['·', 'Symbol', '•'],
    ['z', 'Wingdings', undefined],
    ['–', 'Arial', '–'],
    ['»', undefined, '»'],
  ])('draws %s of %s as %s', (char, font, drawn) => {
    expect(bulletCharacter(char, font)).toBe(drawn);
  });
});
