import type {
  LayoutInfo,
  TemplateCategory,
  TemplateLayout,
  TemplatePart,
} from '@deck-portal/domain';
import { interpretTemplate } from './interpret-template.ts';
import type { SlideContext } from './slide-kit.ts';
import type { ComposedSlide } from './template-slides.ts';

/** A custom-slide layout as the wizard lists it, and how the engine draws it for a deck. */
export interface LayoutDefinition extends LayoutInfo {
  compose(ctx: SlideContext, content: Readonly<Record<string, string>>): ComposedSlide;
}

/**
 * A layout document of the template format, drawn with the library's shared parts (the
 * built-in layouts use the 'sales' colour: they carry the rep's own content for this client).
 */
export function layoutFromDocument(
  document: TemplateLayout,
  parts: ReadonlyMap<string, TemplatePart>,
  categories?: readonly TemplateCategory[],
): LayoutDefinition {
  return {
    id: document.id,
    name: document.name,
    description: document.description,
    placeholderCount: document.placeholders.length,
    placeholders: document.placeholders,
    compose: (ctx, content) =>
      interpretTemplate(document, ctx, {
        parts,
        placeholders: content,
        ...(categories ? { categories } : {}),
      }),
  };
}
