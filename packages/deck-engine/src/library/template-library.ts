import type { LayoutInfo, TemplateCategory, TemplateSlideInfo } from '@deck-portal/domain';
import { DEFAULT_BRAND, type BrandDefinition } from './brand.ts';
import { TEMPLATE_CATEGORIES } from './categories.ts';
import { LAYOUTS, type LayoutDefinition } from './layouts.ts';
import { TEMPLATE_SLIDES, type TemplateSlideDefinition } from './template-slides.ts';

export interface TemplateSlide extends TemplateSlideDefinition {
  /** Zero-based position in the master deck. */
  index: number;
}

/** The master deck a company's decks are built from: brand, categories, slides and layouts. */
export interface TemplateLibrary {
  brand: BrandDefinition;
  categories: readonly TemplateCategory[];
  slides: readonly TemplateSlide[];
  layouts: readonly LayoutDefinition[];
}

function rebrand(value: string, brand: BrandDefinition): string {
  return value.split(DEFAULT_BRAND.name).join(brand.name);
}

export function createTemplateLibrary(brand: BrandDefinition = DEFAULT_BRAND): TemplateLibrary {
  return {
    brand,
    categories: TEMPLATE_CATEGORIES,
    slides: TEMPLATE_SLIDES.map((slide, index) => ({
      ...slide,
      index,
      title: rebrand(slide.title, brand),
      description: rebrand(slide.description, brand),
    })),
    layouts: LAYOUTS,
  };
}

/** The slide list `GET /api/template-slides` answers (no drawing functions). */
export function listTemplateSlides(library: TemplateLibrary): TemplateSlideInfo[] {
  return library.slides.map(({ id, index, title, description, category }) => ({
    id,
    index,
    title,
    description,
    category,
  }));
}

/** The layout list `GET /api/template-layouts` answers. */
export function listLayouts(library: TemplateLibrary): LayoutInfo[] {
  return library.layouts.map(({ id, name, description, placeholderCount, placeholders }) => ({
    id,
    name,
    description,
    placeholderCount,
    placeholders: placeholders.map((p) => ({ ...p })),
  }));
}
