import { describe, expect, it } from 'vitest';
import {
  CLIENT_PAGE_TEXTS,
  clientPageTexts,
  preferredClientPageLanguage,
  speaksClientPageLanguage,
} from './client-page-texts.ts';

describe('the client page’s words', () => {
  const english = CLIENT_PAGE_TEXTS.en!;

  it('has every text in every language it speaks, translated, and its places filled', () => {
    for (const [language, texts] of Object.entries(CLIENT_PAGE_TEXTS)) {
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(texts)) {
        const written =
          typeof text === 'function'
            ? (text as (...a: string[]) => string)('«X»', '«Y»', '«Z»')
            : text;
        expect(written, `${language}.${key}`).not.toBe('');
        if (typeof text === 'function' && key !== 'declinedBefore') {
          expect(written, `${language}.${key}`).toContain('«X»');
        }
        // A translation is not the English left in place (a few words are the same everywhere).
        const same = ['direction', 'downloadPdf', 'subtotal', 'totalNow'];
        if (language !== 'en' && !same.includes(key) && typeof text === 'string') {
          expect(text, `${language}.${key}`).not.toBe(english[key as keyof typeof english]);
        }
      }
    }
  });

  it('is right to left in Arabic only, reads tags as their language, and falls back to English', () => {
    expect(clientPageTexts('ar').direction).toBe('rtl');
    expect(clientPageTexts('ar-AE').present).toBe('بدء العرض');
    expect(clientPageTexts('JA-jp').present).toBe('プレゼンテーション');
    expect(clientPageTexts('de').direction).toBe('ltr');
    expect(clientPageTexts('he')).toBe(english);
    expect(clientPageTexts('constructor')).toBe(english);
    expect(speaksClientPageLanguage('fr-CA')).toBe(true);
    expect(speaksClientPageLanguage('toString')).toBe(false);
  });

  it('speaks the first of a browser’s languages it knows', () => {
    expect(preferredClientPageLanguage(['he-IL', 'ja-JP', 'en'])).toBe('ja');
    expect(preferredClientPageLanguage(['ko'])).toBe('en');
    expect(preferredClientPageLanguage([])).toBe('en');
  });
});
