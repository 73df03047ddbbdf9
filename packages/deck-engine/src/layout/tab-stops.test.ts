import { describe, expect, it } from 'vitest';
import { expandTabs, type TabLayout } from './tab-stops.ts';

const HAIR = '\u200a';
// Every character 5 points wide, a space too, a hair space 1: positions are easy to count.
const width = (text: string) => [...text].reduce((sum, c) => sum + (c === HAIR ? 1 : 5), 0);
const layout = (stops: TabLayout['stops'] = [], start = 0): TabLayout => ({
  firstLineStart: start,
  lineStart: 0,
  stops,
  defaultStop: 72,
  measure: (_, text) => width(text),
});
const BREAK = '\u2028';
/** Where a word starts in a line, in points. */
const at = (line: string, word: string) => width(line.slice(0, line.indexOf(word)));

describe('tabs in a paragraph', () => {
  it('move to the next default stop, an inch apart, from where the words before them end', () => {
    // "Price:" ends at 30 points: the tab reaches 72 with eight spaces and two hair spaces.
    expect(expandTabs([{ text: 'Price:\t500' }], BREAK, layout())).toEqual([
      `Price:${' '.repeat(8)}${HAIR.repeat(2)}500`,
    ]);
    // Words past the first stop go to the second.
    const [second] = expandTabs([{ text: `${'x'.repeat(15)}\ty` }], BREAK, layout());
    expect(at(second!, 'y')).toBe(144);
    // Words just short of a stop are moved to it, however little room is left.
    expect(expandTabs([{ text: `${'x'.repeat(14)}\ty` }], BREAK, layout())[0]).toBe(
      `${'x'.repeat(14)}${HAIR.repeat(2)}y`,
    );
  });

  it("go to the paragraph's own stops: left, right-aligned and centred", () => {
    const stops = [
      { at: 100, align: 'left' as const },
      { at: 200, align: 'right' as const },
      { at: 300, align: 'center' as const },
    ];
    const [text] = expandTabs([{ text: 'a\tb\tcc\tdddd' }], BREAK, layout(stops));
    expect(text!.split(/[ \u200a]+/)).toEqual(['a', 'b', 'cc', 'dddd']);
    expect(at(text!, 'b')).toBe(100);
    // "cc" ends at 200.
    expect(at(text!, 'cc') + 10).toBe(200);
    // "dddd" is centred on 300.
    expect(at(text!, 'dddd') + 10).toBe(300);
  });

  it('put the first full stop of the words after a decimal tab on the stop', () => {
    const stops = [{ at: 100, align: 'decimal' as const }];
    const [price, whole] = expandTabs(
      [{ text: 'a\t1,250.00' }, { text: BREAK }, { text: 'b\t75' }],
      BREAK,
      layout(stops),
    ).filter((text) => text !== BREAK);
    // "1,250" before the point is 25 points wide: the point stands at 100.
    expect(at(price!, '.')).toBe(100);
    // Without a point the figure ends at the stop.
    expect(width(whole!)).toBe(100);
  });

  it('count from where the first line starts, and from the margin after a line break', () => {
    // From 40, "ab" ends at 50: 22 points to 72 are four spaces and two hair spaces; after the
    // break, from 0.
    const [first, , second] = expandTabs(
      [{ text: 'ab\tc' }, { text: BREAK }, { text: 'ab\tc' }],
      BREAK,
      layout([], 40),
    );
    expect(first).toBe(`ab    ${HAIR.repeat(2)}c`);
    expect(at(second!, 'c')).toBe(72);
  });

  it('leave runs without tabs as they are, and measure each run in its own font', () => {
    const runs = [{ text: 'Wide' }, { text: '\tnext' }];
    const measured = expandTabs(runs, BREAK, {
      ...layout(),
      measure: (run, text) => width(text) * (run === 0 ? 2 : 1),
    });
    // "Wide" at 10 points a character ends at 40; 32 points to 72 in the second run's spaces.
    expect(measured).toEqual(['Wide', `${' '.repeat(6)}${HAIR.repeat(2)}next`]);
    expect(expandTabs([{ text: 'No tabs' }], BREAK, layout())).toEqual(['No tabs']);
  });

  it('fill with spaces alone where the font has no hair space', () => {
    const [text] = expandTabs([{ text: 'Price:\t500' }], BREAK, {
      ...layout(),
      measure: (_, text) => text.replaceAll(HAIR, '').length * 5,
    });
    expect(text).toBe(`Price:${' '.repeat(8)}500`);
  });
});
