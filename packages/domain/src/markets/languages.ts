import { z } from 'zod';

/**
 * The languages a deck can be written in (issue 50): its texts are the library's translations
 * into the language (the library's own language when one is missing), and its forms of address
 * the language's. Tags are BCP 47; a deck names the language alone (`ja`), its market names the
 * region its figures are written for.
 */
export const DECK_LANGUAGES = [
  { tag: 'en', name: 'English', nativeName: 'English', direction: 'ltr' },
  { tag: 'de', name: 'German', nativeName: 'Deutsch', direction: 'ltr' },
  { tag: 'fr', name: 'French', nativeName: 'Français', direction: 'ltr' },
  { tag: 'es', name: 'Spanish', nativeName: 'Español', direction: 'ltr' },
  { tag: 'it', name: 'Italian', nativeName: 'Italiano', direction: 'ltr' },
  { tag: 'nl', name: 'Dutch', nativeName: 'Nederlands', direction: 'ltr' },
  { tag: 'pt', name: 'Portuguese', nativeName: 'Português', direction: 'ltr' },
  { tag: 'ja', name: 'Japanese', nativeName: '日本語', direction: 'ltr' },
  { tag: 'zh', name: 'Chinese', nativeName: '中文', direction: 'ltr' },
  { tag: 'ko', name: 'Korean', nativeName: '한국어', direction: 'ltr' },
  { tag: 'ar', name: 'Arabic', nativeName: 'العربية', direction: 'rtl' },
  { tag: 'he', name: 'Hebrew', nativeName: 'עברית', direction: 'rtl' },
] as const;

export type DeckLanguage = (typeof DECK_LANGUAGES)[number]['tag'];

/** The language the library's slides are written in; translations are from it. */
export const LIBRARY_LANGUAGE: DeckLanguage = 'en';

const languageTags = new Set<string>(DECK_LANGUAGES.map((language) => language.tag));

export const isDeckLanguage = (tag: string): tag is DeckLanguage => languageTags.has(tag);

/** A language's entry; the library's language for one not listed. */
export const deckLanguageOf = (tag: string) =>
  DECK_LANGUAGES.find((language) => language.tag === tag) ?? DECK_LANGUAGES[0];

/** Whether a language is written right to left (Arabic, Hebrew). */
export const isRightToLeft = (tag: string) => deckLanguageOf(tag).direction === 'rtl';

/**
 * A BCP 47 tag naming one of the deck languages (`ja`, `ar`; `ja-JP` and `JA` are read as `ja`,
 * the region being the market's). A tag that is not BCP 47, or names another language, is
 * refused with the tag in the message.
 */
export const deckLanguageSchema = z
  .string()
  .trim()
  .max(35, 'A language is a BCP 47 tag such as "ja" or "ar"')
  .transform((tag, context): DeckLanguage => {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0];
    } catch {
      canonical = undefined;
    }
    const primary = canonical?.split('-')[0] ?? '';
    if (!isDeckLanguage(primary)) {
      context.addIssue({
        code: 'custom',
        message: `Unknown language "${tag}": choose one of ${DECK_LANGUAGES.map((l) => l.tag).join(', ')}`,
      });
      return z.NEVER;
    }
    return primary;
  });
