import { describe, expect, it } from 'vitest';
import { layoutText } from '../layout/text-layout.ts';
import { slideLinks } from './slide-links.ts';

// The linked words a viewer lays over a slide's picture, in shares of the slide (960 × 540 pt).

const linked = (rotation?: number) => ({
  ...layoutText({
    x: 100,
    y: 250,
    w: 400,
    h: 60,
    size: 20,
    color: '222222',
    text: [
      [
        { text: 'Read ', style: {} },
        { text: 'the case study', style: { link: 'https://example.com/case', underline: true } },
      ],
    ],
  }),
  ...(rotation ? { rotation } : {}),
});

describe('slideLinks', () => {
  it('boxes each linked run over its words, after the words before it, as shares of the slide', () => {
    const [link, ...others] = slideLinks({ elements: [linked()] });
    expect(others).toEqual([]);
    expect(link).toMatchObject({ href: 'https://example.com/case', text: 'the case study' });
    // Right of "Read ", inside the text's box, about one line tall.
    expect(link!.x * 960).toBeGreaterThan(140);
    expect(link!.x * 960 + link!.w * 960).toBeLessThan(500);
    expect(link!.y * 540).toBeGreaterThanOrEqual(250);
    expect(link!.h * 540).toBeGreaterThan(18);
    expect(link!.h * 540).toBeLessThan(30);
    // Words without a link have none; a text with no link adds nothing.
    expect(slideLinks({ elements: [layoutText({ ...linked(), text: 'Plain words' })] })).toEqual(
      [],
    );
  });

  it('turns the box with its text', () => {
    const [level] = slideLinks({ elements: [linked()] });
    const [upright] = slideLinks({ elements: [linked(90)] });
    // A quarter turn about the text's centre: as tall on the slide as the words are wide.
    expect(upright!.h * 540).toBeCloseTo(level!.w * 960, 0);
    expect(upright!.w * 960).toBeCloseTo(level!.h * 540, 0);
    // Turned clockwise about (300, 280): words left of the centre come to lie above it.
    expect((upright!.y + upright!.h) * 540).toBeLessThan(280);
    expect(upright!.x * 960).toBeGreaterThan(250);
  });
});
