import { describe, expect, it } from 'vitest';
import { expandTabs, type TabLayout } from './tab-stops.ts';

// Every character 5 points wide, a space too: positions are easy to count.
const layout = (stops: TabLayout['stops'] = [], start = 0): TabLayout => ({
  firstLineStart: start,
  lineStart: 0,
  stops,
  defaultStop: 72,
  measure: (_, text) => text.length * 5,
});
const BREAK = '\u2028';

describe('tabs in an imported paragraph', () => {
  it('move to the next default stop, an inch apart, from where the words before them end', () => {
    // "Price:" ends at 30 points: the tab reaches 72, eight spaces and a bit (rounded to 8).
    expect(expandTabs([{ text: 'Price:\t500' }], BREAK, layout())).toEqual([
      `Price:${' '.repeat(8)}500`,
    ]);
    // Words past the first stop go to the second; a tab never takes less than one space.
    expect(expandTabs([{ text: `${'x'.repeat(15)}\ty` }], BREAK, layout())[0]).toBe(
      `${'x'.repeat(15)}${' '.repeat(14)}y`,
    );
    expect(expandTabs([{ text: `${'x'.repeat(14)}\ty` }], BREAK, layout())[0]).toBe(
      `${'x'.repeat(14)} y`,
    );
  });

  it("go to the paragraph's own stops: left, right-aligned and centred", () => {
    const stops = [
      { at: 100, align: 'l' as const },
      { at: 200, align: 'r' as const },
      { at: 300, align: 'ctr' as const },
    ];
    const [text] = expandTabs([{ text: 'a\tb\tcc\tdddd' }], BREAK, layout(stops));
    const [a, b, c, d] = text!.split(/ +/);
    expect([a, b, c, d]).toEqual(['a', 'b', 'cc', 'dddd']);
    const at = (word: string, from: number) => text!.indexOf(word, from) * 5;
    expect(at('b', 1)).toBe(100);
    // "cc" ends at 200.
    expect(at('cc', 0) + 10).toBe(200);
    // "dddd" is centred on 300.
    expect(at('dddd', 0) + 10).toBe(300);
  });

  it('put the first full stop of the words after a decimal tab on the stop', () => {
    const stops = [{ at: 100, align: 'dec' as const }];
    const [price, whole] = expandTabs(
      [{ text: 'a\t1,250.00' }, { text: BREAK }, { text: 'b\t75' }],
      BREAK,
      layout(stops),
    ).filter((text) => text !== BREAK);
    // "1,250" before the point is 25 points wide: the point stands at 100.
    expect(price!.indexOf('.') * 5).toBe(100);
    // Without a point the figure ends at the stop.
    expect(whole!.length * 5).toBe(100);
  });

  it('count from where the first line starts, and from the margin after a line break', () => {
    // From 40, "ab" ends at 50: 22 points to 72 are four spaces; after the break, from 0.
    expect(
      expandTabs([{ text: 'ab\tc' }, { text: BREAK }, { text: 'ab\tc' }], BREAK, layout([], 40)),
    ).toEqual(['ab    c', BREAK, `ab${' '.repeat(12)}c`]);
  });

  it('leave runs without tabs as they are, and measure each run in its own font', () => {
    const runs = [{ text: 'Wide' }, { text: '\tnext' }];
    const measured = expandTabs(runs, BREAK, {
      ...layout(),
      measure: (run, text) => text.length * (run === 0 ? 10 : 5),
    });
    // "Wide" at 10 points a character ends at 40; 32 points to 72 in the second run's spaces.
    expect(measured).toEqual(['Wide', `${' '.repeat(6)}next`]);
    expect(expandTabs([{ text: 'No tabs' }], BREAK, layout())).toEqual(['No tabs']);
  });
});
