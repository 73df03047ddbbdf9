import type {
  LibraryTranslations,
  LayoutInfo,
  TemplateCategory,
  TemplateLibraryDocuments,
  TemplatePart,
  TemplateSlideInfo,
} from '@deck-portal/domain';
import { DEFAULT_BRAND, type BrandDefinition } from './brand.ts';
import { TEMPLATE_CATEGORIES, withClientLabels } from './categories.ts';
import { layoutFromDocument, type LayoutDefinition } from './layouts.ts';
import { seedLibraryDocuments, withPricingSlides } from './template-seed.ts';
import { slideFromDocument, type TemplateSlideDefinition } from './template-slides.ts';

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
  /** The shared parts its documents place, by id (a deck's edited slides place them too). */
  parts?: ReadonlyMap<string, TemplatePart>;
  /** Its texts in other languages, by language tag: what a deck in that language draws. */
  translations?: LibraryTranslations;
}

function rebrand(value: string, brand: BrandDefinition): string {
  return value.split(DEFAULT_BRAND.name).join(brand.name);
}

/**
 * The library decks are drawn from: its documents (a published library version; the built-in
 * one by default), in the brand given, else the documents' own, else the built-in one.
 * Documents are taken as valid (`templateLibraryDocumentsSchema` checks them where they come in).
 */
export function createTemplateLibrary(
  brandGiven?: BrandDefinition,
  stored: TemplateLibraryDocuments = seedLibraryDocuments(),
): TemplateLibrary {
  const documents = withPricingSlides(stored);
  const brand = brandGiven ?? documents.brand ?? DEFAULT_BRAND;
  const parts = new Map(documents.parts.map((part) => [part.id, part]));
  // What a client reads of each category, in the deck's brand ("Why Frostline").
  const categories = withClientLabels(documents.categories ?? TEMPLATE_CATEGORIES).map(
    (category) => ({ ...category, label: rebrand(category.label!, brand) }),
  );
  return {
    brand,
    categories,
    slides: documents.slides.map((document, index) => {
      const slide = slideFromDocument(document, parts, categories);
      return {
        ...slide,
        index,
        title: rebrand(slide.title, brand),
        description: rebrand(slide.description, brand),
      };
    }),
    layouts: documents.layouts.map((document) => layoutFromDocument(document, parts, categories)),
    parts,
    ...(documents.translations ? { translations: documents.translations } : {}),
  };
}

/** The slides a deck that shows pricing draws without the rep choosing them, in library order. */
export function pricingSlides(library: TemplateLibrary): TemplateSlide[] {
  return library.slides.filter((slide) => slide.drawn !== undefined && !slide.isRetired);
}

/** The slide list `GET /api/template-slides` answers: the slides reps may choose (no drawing functions). */
export function listTemplateSlides(library: TemplateLibrary): TemplateSlideInfo[] {
  return library.slides
    .filter((slide) => !slide.isRetired && slide.drawn === undefined)
    .map(
      ({
        id,
        index,
        title,
        description,
        category,
        inDefaultSelection,
        forProducts,
        markets,
        inputs,
      }) => ({
        id,
        index,
        title,
        description,
        category,
        inDefaultSelection,
        forProducts: [...forProducts],
        ...(markets ? { markets: [...markets] } : {}),
        ...(inputs.length > 0 ? { inputs: inputs.map((input) => ({ ...input })) } : {}),
      }),
    );
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
