import { describe, expect, it } from 'vitest';
import { formatHours, formatSeconds } from './engagement-format.ts';

describe('engagement figures', () => {
  it('writes seconds as minutes and seconds, hours without seconds', () => {
    expect(formatSeconds(220)).toBe('3 min 40 s');
    expect(formatSeconds(45.4)).toBe('45 s');
    expect(formatSeconds(0.2)).toBe('under 1 s');
    expect(formatSeconds(3900)).toBe('1 h 05 min');
  });

  it('writes a wait in minutes, hours or days', () => {
    expect(formatHours(0.5)).toBe('30 min');
    expect(formatHours(6)).toBe('6 h');
    expect(formatHours(84)).toBe('3.5 days');
  });
});
