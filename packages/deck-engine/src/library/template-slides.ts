import type { Hex, SlideElement } from '../layout/model.ts';
import type { CategoryId } from './categories.ts';
import { interpretTemplate } from './interpret-template.ts';
import type { SlideContext } from './slide-kit.ts';
import { seedParts, seedSlides } from './template-seed.ts';

export interface ComposedSlide {
  background: Hex;
  elements: SlideElement[];
}

export interface TemplateSlideDefinition {
  id: string;
  title: string;
  description: string;
  category: CategoryId;
  compose(ctx: SlideContext): ComposedSlide;
}

/**
 * The built-in template slides, in master-deck order: the documents of
 * `seed/template-slides.json` (the template format), drawn by the interpreter for each deck.
 */
export const TEMPLATE_SLIDES: readonly TemplateSlideDefinition[] = seedSlides().map((document) => ({
  id: document.id,
  title: document.title,
  description: document.description,
  category: document.category as CategoryId,
  compose: (ctx) => interpretTemplate(document, ctx, { parts: seedParts() }),
}));
