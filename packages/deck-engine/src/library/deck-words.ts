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

type TranslatedDocument = Parameters<typeof translateDocument>[0];
type TemplateElement = TranslatedDocument['elements'][number];

/**
 * Each library element in a language, by table and element, with the texts it left in the
 * source: the next deck in that language gets the same element, so what the interpreter keeps of
 * an element's drawing (by the element) serves a translated deck as it does a deck in the
 * library's language. Held as long as the library's table and elements are.
 */
const translatedElements = new WeakMap<
  LanguageTranslations,
  WeakMap<TemplateElement, { element: TemplateElement; missing: readonly string[] }>
>();

/** A slide, layout or part document with its texts in the deck's language; itself without a table. */
export function documentIn<D extends TranslatedDocument>(
  words: DeckWords | undefined,
  document: D,
): D {
  if (!words?.table) return document;
  const { table } = words;
  let kept = translatedElements.get(table);
  if (!kept) {
    kept = new WeakMap();
    translatedElements.set(table, kept);
  }
  const { document: translated, missing } = translateDocument({ ...document, elements: [] }, table);
  for (const text of missing) words.untranslated?.add(text);
  const elements = document.elements.map((element) => {
    let known = kept.get(element);
    if (!known) {
      const one = translateDocument({ elements: [element] }, table);
      known = { element: one.document.elements[0]!, missing: one.missing };
      kept.set(element, known);
    }
    for (const text of known.missing) words.untranslated?.add(text);
    return known.element;
  });
  return { ...translated, elements };
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
