import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, initials } from './format.ts';

describe('initials', () => {
  it('uses at most two letters', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('Mary Jane Watson')).toBe('MW');
    expect(initials('  cher ')).toBe('C');
    expect(initials('')).toBe('?');
    expect(initials('émile zola')).toBe('ÉZ');
  });
});

describe('en-US dates', () => {
  it('formats dates and times the US way', () => {
    expect(formatDate('2026-11-02T12:00:00Z')).toBe('Nov 2, 2026');
    expect(formatDateTime('2026-11-02T12:00:00Z')).toMatch(/^Nov 2, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
  });
});
