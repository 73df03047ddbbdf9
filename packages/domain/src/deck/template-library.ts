import { z } from 'zod';
import { marketCodeSchema } from '../markets/markets.ts';
import { placeholderSchema } from './placeholder-types.ts';
import { deckInputValuesSchema, slideInputSchema } from '../slide-inputs.ts';
import { figureRoles } from '../template-format/index.ts';
import { figureFindingSchema } from './figure-plausibility.ts';
import { productSelectionSchema } from './deck-draft.ts';

/** The shapes `GET /api/template-slides` and `GET /api/template-layouts` answer (SPEC.md §3). */
export const templateCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What a client reads on the slides (eyebrows, the agenda); the name when absent. */
  label: z.string().optional(),
  /** `#RRGGBB` */
  color: z.string(),
});
export type TemplateCategory = z.infer<typeof templateCategorySchema>;

export const templateSlideSchema = z.object({
  id: z.string(),
  /** Zero-based position in the master deck. */
  index: z.number().int().min(0),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  /** URL of the slide's thumbnail, when the server offers one. */
  thumbnail: z.string().optional(),
  /** Whether the slide is in the default selection (SPEC.md §9) for the chosen products. */
  selected: z.boolean().optional(),
  /** In the library's default selection, when its products (if any) are chosen. */
  inDefaultSelection: z.boolean().optional(),
  /** The products the slide is about. */
  forProducts: z.array(z.string()).optional(),
  /** Only for decks in these markets (ISO 3166): not in other markets' default selection. */
  markets: z.array(z.string()).optional(),
  /** The deck inputs the slide needs (slide-inputs.ts): step 3 asks for them when it is chosen. */
  inputs: z.array(slideInputSchema).optional(),
});
export type TemplateSlideInfo = z.infer<typeof templateSlideSchema>;

export const templateSlidesResponseSchema = z.object({
  /** The slides a rep may choose. */
  slides: z.array(templateSlideSchema),
  categories: z.array(templateCategorySchema),
  /**
   * The slides a deck that shows pricing draws without the rep choosing them: `perProduct` for
   * each priced product (its pricing slide), `once` more (the quote summary).
   */
  pricingSlides: z.object({
    perProduct: z.number().int().min(0),
    once: z.number().int().min(0),
  }),
});

export const layoutSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  placeholderCount: z.number().int().min(0),
  placeholders: z.array(placeholderSchema),
  /** A preview of the layout with its field names as text (the server draws it). */
  thumbnail: z.string().optional(),
});
export type LayoutInfo = z.infer<typeof layoutSchema>;

export const templateLayoutsResponseSchema = z.object({ layouts: z.array(layoutSchema) });

/**
 * `POST /api/template-slides/figures`: what the chosen slides' figures come to for the deck as
 * step 3 has it (its products, prices and deck inputs), and what is implausible in them.
 */
export const deckFiguresRequestSchema = z.object({
  productSelection: productSelectionSchema,
  selectedSlides: z.array(z.string().min(1).max(100)).max(200),
  inputValues: deckInputValuesSchema.default({}),
  /** The deck's market (issue 50): its prices, tax and money inputs are in its currency; the US when absent. */
  market: marketCodeSchema.optional(),
});
export type DeckFiguresRequest = z.input<typeof deckFiguresRequestSchema>;

export const deckFiguresResponseSchema = z.object({
  /** Each chosen slide that computes figures with a meaning, in library order. */
  slides: z.array(
    z.object({
      slideId: z.string(),
      title: z.string(),
      /** Figures with a role (the saving, the payback), unrounded; null when empty. */
      figures: z.array(
        z.object({ name: z.string(), role: z.enum(figureRoles), value: z.number().nullable() }),
      ),
    }),
  ),
  findings: z.array(figureFindingSchema),
});
export type DeckFigures = z.infer<typeof deckFiguresResponseSchema>;
