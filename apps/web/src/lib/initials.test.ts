import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first and last names’ first characters', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace   brewster murray hopper ')).toBe('GH');
    expect(initials('Prince')).toBe('P');
    expect(initials('   ')).toBe('?');
  });

  it('keeps an emoji, a flag or an accent whole', () => {
    expect(initials('🚀 Bob')).toBe('🚀B');
    expect(initials('👩‍💻 Dev')).toBe('👩‍💻D');
    expect(initials('🇫🇷 Élodie')).toBe('🇫🇷É');
    // "E" followed by a combining acute accent: one character on screen.
    expect(initials('E\u0301mile Zola')).toBe('E\u0301Z');
    expect(initials('Bob 😀')).not.toContain('\uFFFD');
  });

  it('takes CJK names as written', () => {
    expect(initials('山田 太郎')).toBe('山太');
  });
});
