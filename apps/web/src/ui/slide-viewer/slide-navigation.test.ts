import { describe, expect, it } from 'vitest';
import { nextSlideIndex } from './slide-navigation.ts';

describe('nextSlideIndex', () => {
  it('moves forward and back by one, stopping at either end', () => {
    expect(nextSlideIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextSlideIndex(' ', 1, 3)).toBe(2);
    expect(nextSlideIndex('PageDown', 2, 3)).toBe(2);
    expect(nextSlideIndex('ArrowLeft', 2, 3)).toBe(1);
    expect(nextSlideIndex('ArrowUp', 0, 3)).toBe(0);
  });

  it('jumps to the first and last slide', () => {
    expect(nextSlideIndex('Home', 2, 3)).toBe(0);
    expect(nextSlideIndex('End', 0, 3)).toBe(2);
  });

  it('ignores other keys and decks without slides', () => {
    expect(nextSlideIndex('a', 0, 3)).toBeNull();
    expect(nextSlideIndex('ArrowRight', 0, 0)).toBeNull();
  });
});
