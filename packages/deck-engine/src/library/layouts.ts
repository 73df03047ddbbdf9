import type { LayoutInfo, TemplateLayout } from '@deck-portal/domain';
import { interpretTemplate } from './interpret-template.ts';
import type { SlideContext } from './slide-kit.ts';
import { seedLayouts, seedParts } from './template-seed.ts';
import type { ComposedSlide } from './template-slides.ts';

/** A custom-slide layout as the wizard lists it, and how the engine draws it for a deck. */
export interface LayoutDefinition extends LayoutInfo {
  compose(ctx: SlideContext, content: Readonly<Record<string, string>>): ComposedSlide;
}

/** A layout document of the template format, drawn with the library's shared parts. */
export function layoutFromDocument(document: TemplateLayout): LayoutDefinition {
  return {
    id: document.id,
    name: document.name,
    description: document.description,
    placeholderCount: document.placeholders.length,
    placeholders: document.placeholders,
    compose: (ctx, content) =>
      interpretTemplate(document, ctx, { parts: seedParts(), placeholders: content }),
  };
}

/**
 * The built-in layouts: custom slides use the 'sales' colour, since they carry the rep's own
 * content for this client (`seed/layouts.json`).
 */
export const LAYOUTS: readonly LayoutDefinition[] = seedLayouts().map(layoutFromDocument);
