import {
  clientPageTexts,
  speaksClientPageLanguage,
  type ClientPageTexts,
} from '@deck-portal/domain/client-page-texts';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * The language the client's page speaks (issue 50): the deck's when the page has words in it,
 * else English; its words, and the formats the deck writes dates, counts and money in.
 */
export type PageLanguage = {
  /** BCP 47, as the page's `lang` says it. */
  lang: string;
  texts: ClientPageTexts;
  /** The deck's formats (`ja-JP`). */
  locale: string;
  /** A whole number in those formats (a slide's number). */
  count: (value: number) => string;
};

/** The page's language for a deck's `language` and `locale` (its formats). */
export function pageLanguage(language: string, locale: string): PageLanguage {
  const numbers = new Intl.NumberFormat(locale);
  return {
    // A deck in a language the page has no words in gets English words, written left to right.
    lang: speaksClientPageLanguage(language) ? language : 'en',
    texts: clientPageTexts(language),
    locale,
    count: (value) => numbers.format(value),
  };
}

const PageLanguageContext = createContext<PageLanguage>(pageLanguage('en', 'en-US'));

export const PageLanguageProvider = PageLanguageContext.Provider;

/** The page's words and formats, for any part of the page. */
export const usePageLanguage = () => useContext(PageLanguageContext);
