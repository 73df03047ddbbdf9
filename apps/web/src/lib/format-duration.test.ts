import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [300, '<1s'],
    [500, '1s'],
    [45_000, '45s'],
    [59_499, '59s'],
    [59_500, '1m 00s'],
    [125_000, '2m 05s'],
    [200_000, '3m 20s'],
    [3_600_000, '1h 00m'],
    [3_725_000, '1h 02m'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
