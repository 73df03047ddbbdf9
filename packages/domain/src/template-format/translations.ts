import { z } from 'zod';
import type { TemplateElement } from './elements.ts';
import type { TemplateParagraph } from './paragraphs.ts';

/**
 * The library's texts in other languages (issue 50). A language's translations map each text
 * as the library writes it (its source, bindings included: `Prepared for {{client.name}}`) to
 * the text in that language (`{{client.name}} 様向けご提案`). One table per language serves
 * every slide, layout and shared part, and the engine's own words (the pricing slides' labels,
 * product names): a text is translated once wherever it appears, as a translation memory
 * does, and a changed source text shows as missing until it is translated again.
 *
 * A paragraph written as runs is one text (its runs' words); its translation is drawn in its
 * first run's style.
 */

const sourceText = z.string().min(1).max(5_000);

export const languageTranslationsSchema = z.record(sourceText, z.string().max(5_000));
export type LanguageTranslations = z.infer<typeof languageTranslationsSchema>;

/** By language tag (`ja`, `ar`): what the library's texts are in that language. */
export const libraryTranslationsSchema = z.record(
  z.string().regex(/^[a-z]{2,3}$/, 'a translation is named by its language tag, such as "ja"'),
  languageTranslationsSchema,
);
export type LibraryTranslations = z.infer<typeof libraryTranslationsSchema>;

const BINDING = /\{\{[^}]*\}\}/g;

/** Whether a text has words of its own to translate, beyond bindings, figures and signs. */
export function isTranslatable(text: string): boolean {
  return /\p{L}/u.test(text.replace(BINDING, ''));
}

/** What a document holds that texts are read from: a slide, a layout or a shared part. */
interface TextHolder {
  heading?: string | undefined;
  subheading?: string | undefined;
  elements: readonly TemplateElement[];
}

type Translate = (source: string) => string;

function paragraphSource(paragraph: TemplateParagraph): string {
  if (typeof paragraph === 'string') return paragraph;
  return 'runs' in paragraph ? paragraph.runs.map((run) => run.text).join('') : paragraph.text;
}

function translateParagraph(paragraph: TemplateParagraph, translate: Translate): TemplateParagraph {
  if (typeof paragraph === 'string') return translate(paragraph);
  if (!('runs' in paragraph)) return { ...paragraph, text: translate(paragraph.text) };
  const source = paragraphSource(paragraph);
  const target = translate(source);
  if (target === source) return paragraph;
  return { ...paragraph, runs: [{ ...paragraph.runs[0]!, text: target }] };
}

/** An element with each of its texts passed through `translate`. */
function translateElement<E extends TemplateElement>(element: E, translate: Translate): E {
  switch (element.kind) {
    case 'text':
      return {
        ...element,
        text:
          typeof element.text === 'string'
            ? translate(element.text)
            : element.text.map((paragraph) => translateParagraph(paragraph, translate)),
      };
    case 'table':
      return {
        ...element,
        ...(element.header ? { header: element.header.map(translate) } : {}),
        rows: element.rows.map((row) => row.map(translate)),
      };
    case 'chart':
      return {
        ...element,
        ...(element.title !== undefined ? { title: translate(element.title) } : {}),
        categories: element.categories.map(translate),
        series: element.series.map((series) => ({ ...series, name: translate(series.name) })),
      };
    case 'picture':
      return { ...element, alt: translate(element.alt) };
    case 'repeat':
      return {
        ...element,
        ...(element.fallback ? { fallback: element.fallback.map(translate) } : {}),
        elements: element.elements.map((child) => translateElement(child, translate)),
      };
    default:
      return element;
  }
}

/** Every text a document draws, in the order it holds them, once each, that has words to translate. */
export function documentTexts(document: TextHolder): string[] {
  const texts = new Set<string>();
  const collect: Translate = (source) => {
    if (isTranslatable(source)) texts.add(source);
    return source;
  };
  if (document.heading !== undefined) collect(document.heading);
  if (document.subheading !== undefined) collect(document.subheading);
  for (const element of document.elements) translateElement(element, collect);
  return [...texts];
}

/**
 * A document in a language: each text its translation from `table`, the source where there is
 * none (an empty translation counts as none); `missing` lists the texts left in the source.
 */
export function translateDocument<D extends TextHolder>(
  document: D,
  table: LanguageTranslations | undefined,
): { document: D; missing: string[] } {
  const missing = new Set<string>();
  const translate: Translate = (source) => {
    if (!isTranslatable(source)) return source;
    const target = table?.[source];
    if (target === undefined || target.trim() === '') {
      missing.add(source);
      return source;
    }
    return target;
  };
  const translated = {
    ...document,
    ...(document.heading !== undefined ? { heading: translate(document.heading) } : {}),
    ...(document.subheading !== undefined ? { subheading: translate(document.subheading) } : {}),
    elements: document.elements.map((element) => translateElement(element, translate)),
  };
  return { document: translated, missing: [...missing] };
}

/** One text in a language: its translation, or the source (for the engine's own words). */
export function translateText(source: string, table: LanguageTranslations | undefined): string {
  const target = table?.[source];
  return target === undefined || target.trim() === '' ? source : target;
}
