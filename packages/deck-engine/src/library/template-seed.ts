import { readFileSync } from 'node:fs';
import { DEFAULT_BRAND } from './brand.ts';
import { TEMPLATE_CATEGORIES } from './categories.ts';
import {
  languageTranslationsSchema,
  parseTemplateDocuments,
  templateLayoutsSchema,
  templatePartsSchema,
  templateSlideDocumentsSchema,
  templateFormatVersion,
  type LanguageTranslations,
  type LibraryTranslations,
  type TemplateLayout,
  type TemplateLibraryDocuments,
  type TemplatePart,
  type TemplateSlideDocument,
} from '@deck-portal/domain';

/**
 * The built-in library's documents in the template format (`seed/`), checked against the
 * format's schemas when first read: what a first start loads, and what the engine draws until
 * the library lives in the database.
 */
function seedFile<T>(file: string, schema: Parameters<typeof parseTemplateDocuments<T>>[0]) {
  let documents: T | undefined;
  return (): T => {
    documents ??= parseTemplateDocuments(
      schema,
      JSON.parse(readFileSync(new URL(`./seed/${file}`, import.meta.url), 'utf8')),
      `seed/${file}`,
    );
    return documents;
  };
}

const partList = seedFile('parts.json', templatePartsSchema);
let parts: ReadonlyMap<string, TemplatePart> | undefined;

/** The shared parts (footers, the title bar), by id. */
export function seedParts(): ReadonlyMap<string, TemplatePart> {
  parts ??= new Map(partList().map((part) => [part.id, part]));
  return parts;
}

/** The nine custom-slide layouts. */
export const seedLayouts: () => readonly TemplateLayout[] = seedFile(
  'layouts.json',
  templateLayoutsSchema,
);

/** The built-in template slides, in master-deck order. */
export const seedSlides: () => readonly TemplateSlideDocument[] = seedFile(
  'template-slides.json',
  templateSlideDocumentsSchema,
);

/** The languages the built-in library is translated into besides English (issue 50). */
export const SEED_TRANSLATED_LANGUAGES = ['ja', 'ar', 'de'] as const;

/** A translation table of `seed/translations/`, checked when read. */
function translationFile(file: string): LanguageTranslations {
  return parseTemplateDocuments(
    languageTranslationsSchema,
    JSON.parse(readFileSync(new URL(`./seed/translations/${file}`, import.meta.url), 'utf8')),
    `seed/translations/${file}`,
  );
}

let translations: LibraryTranslations | undefined;

/**
 * The built-in library's texts in Japanese and Arabic: the slides', layouts' and parts' texts,
 * the price book's words and the categories (`<lang>.json`), with the engine's own words
 * (`engine-<lang>.json`: the pricing slides' labels), one table per language.
 */
export function seedTranslations(): LibraryTranslations {
  translations ??= Object.fromEntries(
    SEED_TRANSLATED_LANGUAGES.map((language) => [
      language,
      { ...translationFile(`${language}.json`), ...translationFile(`engine-${language}.json`) },
    ]),
  );
  return translations;
}

let seedLibrary: TemplateLibraryDocuments | undefined;

/** The built-in library as one bundle of documents (`createTemplateLibrary`'s default). */
export function seedLibraryDocuments(): TemplateLibraryDocuments {
  seedLibrary ??= {
    format: templateFormatVersion,
    brand: DEFAULT_BRAND,
    categories: [...TEMPLATE_CATEGORIES],
    slides: [...seedSlides()],
    layouts: [...seedLayouts()],
    parts: [...partList()],
    translations: seedTranslations(),
  };
  return seedLibrary;
}

/**
 * A library stored before the pricing slides and the quote summary were documents has none
 * drawn with pricing: it gets the built-in ones, so its decks keep their pricing slides.
 */
export function withPricingSlides(documents: TemplateLibraryDocuments): TemplateLibraryDocuments {
  if (documents.slides.some((slide) => slide.drawn !== undefined)) return documents;
  const ids = new Set(documents.slides.map((slide) => slide.id));
  const added = seedSlides().filter((slide) => slide.drawn !== undefined && !ids.has(slide.id));
  return { ...documents, slides: [...documents.slides, ...added] };
}
