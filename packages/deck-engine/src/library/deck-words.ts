import {
  deckLanguageOf,
  isTranslatable,
  LIBRARY_LANGUAGE,
  translateDocument,
  translateText,
  type LanguageTranslations,
  type LibraryTranslations,
} from '@deck-portal/domain';
import type { PriceBook } from '@deck-portal/domain/pricing';

/**
 * A deck's words in its language (issue 50): the library's translation table for the language,
 * and the texts a slide had to show in the library's language for want of a translation, so the
 * deck can say which slides they are on. A deck in the library's language has no table: its
 * words are the library's own.
 */
export interface DeckWords {
  language: string;
  table?: LanguageTranslations;
  /** The slide being drawn's untranslated texts (each once); set per slide by the deck. */
  untranslated?: Set<string>;
}

/** The words of a deck in `language` from the library's translations. */
export function deckWordsOf(
  language: string | undefined,
  translations: LibraryTranslations | undefined,
): DeckWords {
  const tag = language ?? LIBRARY_LANGUAGE;
  if (tag === LIBRARY_LANGUAGE) return { language: tag };
  return { language: tag, table: translations?.[tag] ?? {} };
}

/** One of the deck's own words (a label, a product's name) in its language, its source when none. */
export function wordIn(words: DeckWords | undefined, source: string): string {
  if (!words?.table) return source;
  const target = translateText(source, words.table);
  if (target === source && isTranslatable(source)) words.untranslated?.add(source);
  return target;
}

/** `wordIn` as a function of the source, for the domain's pricing texts. */
export const wordsFunction = (words: DeckWords | undefined) =>
  words?.table ? (source: string) => wordIn(words, source) : undefined;

/** A slide, layout or part document with its texts in the deck's language; itself without a table. */
export function documentIn<D extends Parameters<typeof translateDocument>[0]>(
  words: DeckWords | undefined,
  document: D,
): D {
  if (!words?.table) return document;
  const { document: translated, missing } = translateDocument(document, words.table);
  for (const text of missing) words.untranslated?.add(text);
  return translated;
}

/**
 * The price book with what a slide shows of each product in the deck's language: its name,
 * description, feature tags and its monitoring and maintenance terms. The untranslated texts
 * of the products the deck sells (`shown`) are the deck's, not a slide's: answered apart.
 */
export function priceBookIn(
  words: DeckWords,
  book: PriceBook,
  shown: readonly string[],
): { book: PriceBook; untranslated: string[] } {
  if (!words.table) return { book, untranslated: [] };
  const collect: DeckWords = { ...words, untranslated: new Set() };
  const ignored: DeckWords = { ...words, untranslated: new Set() };
  const products = book.products.map((product) => {
    const word = (source: string) => wordIn(shown.includes(product.id) ? collect : ignored, source);
    return {
      ...product,
      name: word(product.name),
      description: word(product.description),
      features: product.features.map(word),
      monthsIncluded: word(product.monthsIncluded),
      annualMonitoring: word(product.annualMonitoring),
      maintenance: word(product.maintenance),
    };
  });
  return { book: { ...book, products }, untranslated: [...collect.untranslated!] };
}

/**
 * What the rep reads of a slide with untranslated texts:
 * `"Why Frostline": 3 texts have no Japanese translation and are shown in English`.
 */
export function untranslatedWarning(title: string, count: number, language: string): string {
  const [texts, are] = count === 1 ? ['1 text has', 'is'] : [`${count} texts have`, 'are'];
  return `"${title}": ${texts} no ${deckLanguageOf(language).name} translation and ${are} shown in ${deckLanguageOf(LIBRARY_LANGUAGE).name}`;
}
