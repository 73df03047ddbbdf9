import { describe, expect, it } from 'vitest';
import { bulletCharacter, isMetricTwin, mapFont } from './font-map.ts';

// An imported typeface is drawn in a bundled family: its metric twin where one is bundled,
// DejaVu Sans for the wide humanist sans faces, else Tinos for a serif and Inter for the rest.
describe('the bundled family an imported typeface is drawn in', () => {
  it.each([
    ['Arial', 'Arimo'],
    ['Helvetica Neue', 'Arimo'],
    ['Calibri', 'Carlito'],
    [' calibri light ', 'Carlito'],
    ['Times New Roman', 'Tinos'],
    ['Cambria', 'Caladea'],
    // Wide humanist sans faces: the bundled family nearest their width.
    ['Lucida Sans Unicode', 'DejaVu Sans'],
    ['Verdana', 'DejaVu Sans'],
    // Not bundled, but a serif by its name.
    ['Bodoni MT', 'Tinos'],
    ['Source Serif Pro', 'Tinos'],
    // A sans by its name, though "Book" is in it.
    ['Franklin Gothic Book', 'Inter'],
    ['Century Gothic', 'Inter'],
    // Anything else.
    ['Comic Sans MS', 'Inter'],
    ['Segoe Script', 'Inter'],
  ])('draws %s in %s', (typeface, family) => {
    expect(mapFont(typeface)).toBe(family);
  });
});

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

describe('a stand-in with the very metrics of the original', () => {
  it('is a twin for the fonts bundled by their metrics, and not for the rest', () => {
    expect(['Arial', 'Calibri', 'Times New Roman', 'Cambria'].every(isMetricTwin)).toBe(true);
    expect(['Georgia', 'Candara', 'Franklin Gothic Book'].some(isMetricTwin)).toBe(false);
  });
});
