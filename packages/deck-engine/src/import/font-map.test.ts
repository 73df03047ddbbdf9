import { describe, expect, it } from 'vitest';
import { isMetricTwin, mapFont, splitTypeface } from './font-map.ts';

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
    // A weight of a family is that family's.
    ['Arial Black', 'Arimo'],
    ['Segoe UI Semibold', 'Arimo'],
    ['Bodoni MT Black', 'Tinos'],
  ])('draws %s in %s', (typeface, family) => {
    expect(mapFont(typeface)).toBe(family);
  });
});

// Office names a family's weights apart: the weight its name ends in is the weight drawn.
describe('the weight a typeface names', () => {
  it.each([
    ['Montserrat SemiBold', 'Montserrat', 'semibold'],
    ['Open Sans Semibold', 'Open Sans', 'semibold'],
    ['Franklin Gothic Demi', 'Franklin Gothic', 'semibold'],
    ['Franklin Gothic Medium', 'Franklin Gothic', 'medium'],
    ['Arial Black', 'Arial', 'bold'],
    ['Poppins ExtraBold', 'Poppins', 'bold'],
    ['Inter Bold', 'Inter', 'bold'],
    // Light faces are drawn in the regular one.
    ['Calibri Light', 'Calibri', 'regular'],
    ['Franklin Gothic Book', 'Franklin Gothic', 'regular'],
  ])('reads %s as %s in %s', (typeface, family, weight) => {
    expect(splitTypeface(typeface)).toEqual({ family, weight });
  });

  it.each(['Calibri', 'Century Schoolbook', 'Times New Roman', 'Black', 'Gill Sans MT'])(
    'reads no weight in %s',
    (typeface) => {
      expect(splitTypeface(typeface)).toEqual({ family: typeface });
    },
  );
});

describe('a stand-in with the very metrics of the original', () => {
  it('is a twin for the fonts bundled by their metrics, and not for the rest', () => {
    expect(['Arial', 'Calibri', 'Times New Roman', 'Cambria'].every(isMetricTwin)).toBe(true);
    expect(['Georgia', 'Candara', 'Franklin Gothic Book'].some(isMetricTwin)).toBe(false);
  });
});
