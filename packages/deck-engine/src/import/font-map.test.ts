import { describe, expect, it } from 'vitest';
import { mapFont } from './font-map.ts';

// An imported typeface is drawn in a bundled family: its metric twin where one is bundled,
// else Tinos for a serif and Inter for the rest.
describe('the bundled family an imported typeface is drawn in', () => {
  it.each([
    ['Arial', 'Arimo'],
    ['Helvetica Neue', 'Arimo'],
    ['Calibri', 'Carlito'],
    [' calibri light ', 'Carlito'],
    ['Times New Roman', 'Tinos'],
    ['Cambria', 'Caladea'],
    // Not bundled, but a serif by its name.
    ['Bodoni MT', 'Tinos'],
    ['Source Serif Pro', 'Tinos'],
    // Anything else.
    ['Comic Sans MS', 'Inter'],
    ['Segoe Script', 'Inter'],
  ])('draws %s in %s', (typeface, family) => {
    expect(mapFont(typeface)).toBe(family);
  });
});
