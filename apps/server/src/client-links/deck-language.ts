import {
  DEFAULT_MARKET_CODE,
  LIBRARY_LANGUAGE,
  deckLocaleFor,
  isDeckLanguage,
  isRightToLeft,
  type DeckDraft,
  type DeckLanguage,
} from '@deck-portal/domain';
import type { PricingContext } from '../db/schema.ts';

/** The language a client link speaks in: its deck version's, with the formats and currency. */
export type LinkLanguage = {
  language: DeckLanguage;
  direction: 'ltr' | 'rtl';
  /** How the deck writes dates and figures (`ja-JP`). */
  locale: string;
  /** The currency the version was priced in. */
  currency: string;
};

/**
 * The language of the version a link shows (issue 50): its draft's, read as stored, so a
 * version made before decks had a language (or with one no longer offered) speaks the
 * library's; its formats the draft's own, else the language's in its market; its currency the
 * market it was priced for, US dollars before markets.
 */
export function linkLanguageOf(version: {
  draft: DeckDraft;
  pricingContext?: PricingContext | null;
}): LinkLanguage {
  // Stored drafts keep what they were saved with: older ones lack these fields.
  const info = version.draft.basicInfo as {
    language?: unknown;
    market?: unknown;
    locale?: unknown;
  };
  const language =
    typeof info.language === 'string' && isDeckLanguage(info.language)
      ? info.language
      : LIBRARY_LANGUAGE;
  const market = typeof info.market === 'string' ? info.market : DEFAULT_MARKET_CODE;
  return {
    language,
    direction: isRightToLeft(language) ? 'rtl' : 'ltr',
    locale: typeof info.locale === 'string' ? info.locale : deckLocaleFor(language, market),
    currency: version.pricingContext?.market.currency ?? 'USD',
  };
}
