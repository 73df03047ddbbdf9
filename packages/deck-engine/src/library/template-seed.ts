import { readFileSync } from 'node:fs';
import {
  describeTemplateProblems,
  templateLayoutsSchema,
  templatePartsSchema,
  templateSlideDocumentsSchema,
  type TemplateLayout,
  type TemplatePart,
  type TemplateSlideDocument,
} from '@deck-portal/domain';

/**
 * The built-in library's documents in the template format (`seed/`), checked against the
 * format's schemas when first read: what a first start loads, and what the engine draws until
 * the library lives in the database.
 */
function readSeed(file: string): unknown {
  return JSON.parse(readFileSync(new URL(`./seed/${file}`, import.meta.url), 'utf8'));
}

function invalid(file: string, problems: string[]): Error {
  return new Error(`seed/${file} does not follow the template format:\n${problems.join('\n')}`);
}

let parts: ReadonlyMap<string, TemplatePart> | undefined;
let layouts: readonly TemplateLayout[] | undefined;
let slides: readonly TemplateSlideDocument[] | undefined;

/** The shared parts (footers, the title bar), by id. */
export function seedParts(): ReadonlyMap<string, TemplatePart> {
  if (!parts) {
    const parsed = templatePartsSchema.safeParse(readSeed('parts.json'));
    if (!parsed.success) throw invalid('parts.json', describeTemplateProblems(parsed.error));
    parts = new Map(parsed.data.map((part) => [part.id, part]));
  }
  return parts;
}

/** The nine custom-slide layouts. */
export function seedLayouts(): readonly TemplateLayout[] {
  if (!layouts) {
    const parsed = templateLayoutsSchema.safeParse(readSeed('layouts.json'));
    if (!parsed.success) throw invalid('layouts.json', describeTemplateProblems(parsed.error));
    layouts = parsed.data;
  }
  return layouts;
}

/** The template slides that are documents already (the others are still code). */
export function seedSlides(): readonly TemplateSlideDocument[] {
  if (!slides) {
    const parsed = templateSlideDocumentsSchema.safeParse(readSeed('template-slides.json'));
    if (!parsed.success)
      throw invalid('template-slides.json', describeTemplateProblems(parsed.error));
    slides = parsed.data;
  }
  return slides;
}
