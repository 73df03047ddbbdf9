import { readFileSync } from 'node:fs';
import { DEFAULT_BRAND } from './brand.ts';
import { TEMPLATE_CATEGORIES } from './categories.ts';
import {
  languageTranslationsSchema,
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

/** The languages the built-in library is translated into besides English (issue 50). */
export const SEED_TRANSLATED_LANGUAGES = ['ja', 'ar', 'de'] as const;

/**
 * Each file of `seed/` with the template format's schema its documents follow. The files are
 * kept as those schemas answer them (every default written out, keys in the schema's order):
 * template-seed.test.ts checks it, and `node --import tsx scripts/normalise-seed.ts` (in
 * packages/deck-engine) writes them so after an edit.
 */
export function seedFileSchemas() {
  return {
    'parts.json': templatePartsSchema,
    'layouts.json': templateLayoutsSchema,
    'template-slides.json': templateSlideDocumentsSchema,
    ...Object.fromEntries(
      SEED_TRANSLATED_LANGUAGES.flatMap((language) => [
        [`translations/${language}.json`, languageTranslationsSchema],
        [`translations/engine-${language}.json`, languageTranslationsSchema],
      ]),
    ),
  };
}

/**
 * The built-in library's documents in the template format (`seed/`), read when first needed:
 * what a first start loads, and what the engine draws until the library lives in the database.
 * A read is a JSON parse only: the files are already in the schemas' form (see
 * {@link seedFileSchemas}), so a process's first deck does not check them again (a tenth of a
 * second of zod on a fresh process).
 */
function readSeed<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(`./seed/${file}`, import.meta.url), 'utf8')) as T;
}

function seedFile<T>(file: string) {
  let documents: T | undefined;
  return (): T => {
    documents ??= readSeed<T>(file);
    return documents;
  };
}

const partList = seedFile<TemplatePart[]>('parts.json');
let parts: ReadonlyMap<string, TemplatePart> | undefined;

/** The shared parts (footers, the title bar), by id. */
export function seedParts(): ReadonlyMap<string, TemplatePart> {
  parts ??= new Map(partList().map((part) => [part.id, part]));
  return parts;
}

/** The nine custom-slide layouts. */
export const seedLayouts: () => readonly TemplateLayout[] = seedFile('layouts.json');

/** The built-in template slides, in master-deck order. */
export const seedSlides: () => readonly TemplateSlideDocument[] = seedFile('template-slides.json');

/** A translation table of `seed/translations/`. */
function translationFile(file: string): LanguageTranslations {
  return readSeed<LanguageTranslations>(`translations/${file}`);
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
