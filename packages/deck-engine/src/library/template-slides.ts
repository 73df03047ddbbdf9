import type {
  SlideDrawn,
  SlideInput,
  TemplateCategory,
  TemplatePart,
  TemplateSlideDocument,
} from '@deck-portal/domain';
import type { EmptyPicture, Hex, SlideElement } from '../layout/model.ts';
import { computesFromQuote } from '../edited/slide-plan.ts';
import type { CategoryId } from './categories.ts';
import { documentProducts } from '../slide-products.ts';
import { interpretTemplate } from './interpret-template.ts';
import type { SlideContext } from './slide-kit.ts';

export interface ComposedSlide {
  background: Hex;
  elements: SlideElement[];
  /** The slide's heading with the deck's values (a slide drawn with pricing is titled by it). */
  heading?: string;
  /** Picture frames whose address came out empty: not drawn, named by preflight. */
  emptyPictures?: EmptyPicture[];
}

export interface TemplateSlideDefinition {
  id: string;
  title: string;
  description: string;
  category: CategoryId;
  inDefaultSelection: boolean;
  forProducts: readonly string[];
  /** Only for decks in these markets (ISO 3166); every market when absent (issue 50). */
  markets?: readonly string[];
  /** No longer offered to reps, still drawn for decks that chose it. */
  isRetired: boolean;
  /** Drawn once per priced product or once with pricing, not chosen; chosen when absent. */
  drawn?: SlideDrawn;
  /** The deck inputs the slide needs: the wizard asks for them when the slide is chosen. */
  inputs: readonly SlideInput[];
  /** It shows figures of the deck's quote (see `computesFromQuote`). */
  priced: boolean;
  /** The products it tells a client about (see `documentProducts`): its time goes to them. */
  aboutProducts: readonly string[];
  compose(ctx: SlideContext): ComposedSlide;
}

/** A template slide document of the library, drawn for each deck with the library's parts. */
export function slideFromDocument(
  document: TemplateSlideDocument,
  parts: ReadonlyMap<string, TemplatePart>,
  categories?: readonly TemplateCategory[],
): TemplateSlideDefinition {
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    category: document.category as CategoryId,
    inDefaultSelection: document.inDefaultSelection ?? false,
    forProducts: document.forProducts ?? [],
    ...(document.markets ? { markets: document.markets } : {}),
    isRetired: document.retired ?? false,
    ...(document.drawn ? { drawn: document.drawn } : {}),
    inputs: document.inputs ?? [],
    priced: computesFromQuote(document),
    aboutProducts: documentProducts(document),
    compose: (ctx) =>
      interpretTemplate(document, ctx, { parts, ...(categories ? { categories } : {}) }),
  };
}
