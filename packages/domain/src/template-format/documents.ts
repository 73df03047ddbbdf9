import { z } from 'zod';
import { placeholderSchema } from '../deck/placeholder-types.ts';
import { slideInputsSchema, type SlideInput } from '../slide-inputs.ts';
import { compileFormula, FormulaError, isDeckFigureName } from '../template-figures.ts';
import {
  boundText,
  elementBindings,
  figureName,
  figureRoles,
  findBindings,
  type FigureRole,
} from './bindings.ts';
import { templateColorSchema } from './colors-and-fonts.ts';
import { templateElementSchema, type TemplateElement } from './elements.ts';
import { importedSlideSourceSchema } from './imported-slide-source.ts';

/** The format's version, which every document names (`format: 1`). */
export const templateFormatVersion = 1;

/** `{{item.…}}` outside a repeat: there is no item to bind. */
function refuseItemsOutsideRepeats(elements: readonly TemplateElement[], context: z.RefinementCtx) {
  elements.forEach((element, i) => {
    if (element.kind === 'repeat') return;
    for (const { path } of elementBindings(element)) {
      if (path.startsWith('item.')) {
        context.addIssue({
          code: 'custom',
          path: [i],
          message: `{{${path}}} is only known inside a repeat`,
        });
      }
    }
  });
}

/** An id the studio addresses an element by is that element's alone in its list. */
function refuseRepeatedIds(elements: readonly TemplateElement[], context: z.RefinementCtx) {
  const seen = new Map<string, number>();
  elements.forEach((element, i) => {
    if (element.id === undefined) return;
    const first = seen.get(element.id);
    if (first === undefined) seen.set(element.id, i);
    else {
      context.addIssue({
        code: 'custom',
        path: [i, 'id'],
        message: `element ${first + 1} has the id ${element.id} already`,
      });
    }
  });
}

const elementsSchema = z
  .array(templateElementSchema)
  .max(400)
  .superRefine((elements, context) => {
    refuseItemsOutsideRepeats(elements, context);
    refuseRepeatedIds(elements, context);
  });

/** Shared elements slides place with a `part` element, such as the footer. */
export const templatePartSchema = z
  .object({ id: z.string().min(1).max(64), elements: elementsSchema })
  .strict();
export type TemplatePart = z.infer<typeof templatePartSchema>;

/** What every drawn slide document has: its look and its elements. */
const slideBody = {
  background: templateColorSchema,
  /** The category whose colour `category` means and whose name parts show. */
  category: z.string().min(1).max(64),
  /** `slide.heading` and `slide.subheading` for the parts (a title bar). */
  heading: boundText.optional(),
  subheading: boundText.optional(),
  /**
   * Figures computed from the deck's quote, in order, each a formula over `quote.…` (in dollars),
   * `quantity.<productId>` and the figures before it (template-figures.ts); texts show them as
   * `{{figure.name}}`.
   */
  figures: z
    .record(
      z.string().regex(figureName, 'a figure is named by letters and digits'),
      z.string().max(500),
    )
    .optional(),
  /**
   * What some figures mean, so an implausible result can be flagged before a client reads it
   * (deck/figure-plausibility.ts): `paybackMonths`, `yearlySaving`, `yearlyCosts` (what the
   * client says the costs the saving comes from are).
   */
  figureRoles: z
    .record(
      z.string().regex(figureName, 'a figure is named by letters and digits'),
      z.enum(figureRoles, { error: 'is paybackMonths, yearlySaving or yearlyCosts' }),
    )
    .optional(),
  elements: elementsSchema,
};

/**
 * Figures that compute, from what exists before them and the slide's inputs; bindings to figures
 * and inputs that exist; roles of figures that exist.
 */
function checkFigures(
  document: {
    figures?: Record<string, string> | undefined;
    figureRoles?: Record<string, FigureRole> | undefined;
    inputs?: readonly SlideInput[] | undefined;
    heading?: string | undefined;
    subheading?: string | undefined;
    elements: readonly TemplateElement[];
  },
  context: z.RefinementCtx,
) {
  const inputs = new Set((document.inputs ?? []).map((input) => `input.${input.name}`));
  const defined = new Set<string>();
  for (const [name, formula] of Object.entries(document.figures ?? {})) {
    try {
      compileFormula(
        formula,
        (reference) =>
          isDeckFigureName(reference) || defined.has(reference) || inputs.has(reference),
      );
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      context.addIssue({ code: 'custom', path: ['figures', name], message: error.message });
    }
    defined.add(`figure.${name}`);
  }
  for (const name of Object.keys(document.figureRoles ?? {})) {
    if (!defined.has(`figure.${name}`)) {
      context.addIssue({
        code: 'custom',
        path: ['figureRoles', name],
        message: `"${name}" is not a figure this slide computes`,
      });
    }
  }
  const unknown = (binding: string) =>
    binding.startsWith('figure.')
      ? !defined.has(binding) && `{{${binding}}} is not a figure this slide computes`
      : binding.startsWith('input.') &&
        !inputs.has(binding) &&
        `{{${binding}}} is not an input this slide asks for`;
  for (const key of ['heading', 'subheading'] as const) {
    for (const { path: binding } of findBindings(document[key] ?? '')) {
      const message = unknown(binding);
      if (message) context.addIssue({ code: 'custom', path: [key], message });
    }
  }
  const visit = (elements: readonly TemplateElement[], path: (string | number)[]) =>
    elements.forEach((element, i) => {
      if (element.kind === 'repeat') visit(element.elements, [...path, i, 'elements']);
      for (const { path: binding } of elementBindings(element)) {
        const message = unknown(binding);
        if (message) context.addIssue({ code: 'custom', path: [...path, i], message });
      }
    });
  visit(document.elements, ['elements']);
}

/**
 * `{{placeholder.<id>}}` names one of the document's own fields: a layout's declared placeholders
 * (each id once), none on a template slide.
 */
function checkPlaceholders(
  document: {
    placeholders?: readonly { objectId: string }[];
    elements: readonly TemplateElement[];
  },
  context: z.RefinementCtx,
) {
  const declared = new Set<string>();
  document.placeholders?.forEach((placeholder, i) => {
    if (declared.has(placeholder.objectId)) {
      context.addIssue({
        code: 'custom',
        path: ['placeholders', i, 'objectId'],
        message: `"${placeholder.objectId}" names another field of this layout`,
      });
    }
    declared.add(placeholder.objectId);
  });
  const visit = (elements: readonly TemplateElement[], path: (string | number)[]) =>
    elements.forEach((element, i) => {
      if (element.kind === 'repeat') visit(element.elements, [...path, i, 'elements']);
      for (const { path: binding } of elementBindings(element)) {
        if (!binding.startsWith('placeholder.')) continue;
        const id = binding.slice('placeholder.'.length);
        if (declared.has(id)) continue;
        context.addIssue({
          code: 'custom',
          path: [...path, i],
          message: document.placeholders
            ? `{{${binding}}} is not a field of this layout`
            : `{{${binding}}} is only known on a layout`,
        });
      }
    });
  visit(document.elements, ['elements']);
}

/** `{{pricing.…}}` only on a slide drawn once per priced product: elsewhere there is none. */
function checkPricingBindings(
  document: { drawn?: SlideDrawn | undefined; elements: readonly TemplateElement[] },
  context: z.RefinementCtx,
) {
  if (document.drawn === 'perPricedProduct') return;
  const visit = (elements: readonly TemplateElement[], path: (string | number)[]) =>
    elements.forEach((element, i) => {
      if (element.kind === 'repeat') visit(element.elements, [...path, i, 'elements']);
      for (const { path: binding } of elementBindings(element)) {
        if (binding.startsWith('pricing.')) {
          context.addIssue({
            code: 'custom',
            path: [...path, i],
            message: `{{${binding}}} is only known on a slide drawn once per priced product`,
          });
        }
      }
    });
  visit(document.elements, ['elements']);
}

/**
 * When a template slide is in a deck: absent, when the rep chooses it in the wizard;
 * `perPricedProduct`, once for each product of a deck that shows pricing (its `pricing.…`
 * bindings are that product's), after the chosen body slides; `withPricing`, once in a deck
 * that shows pricing, after those. Slides drawn with pricing are not offered to reps.
 */
export const slideDrawnValues = ['perPricedProduct', 'withPricing'] as const;
export type SlideDrawn = (typeof slideDrawnValues)[number];

export const templateLayoutSchema = z
  .object({
    format: z.literal(templateFormatVersion),
    id: z.string().min(1).max(64),
    name: z.string().min(1).max(120),
    description: z.string().max(500),
    placeholders: z.array(placeholderSchema).max(20),
    ...slideBody,
  })
  .strict()
  .superRefine(checkFigures)
  .superRefine(checkPlaceholders)
  .superRefine(checkPricingBindings);
export type TemplateLayout = z.infer<typeof templateLayoutSchema>;

/** A template slide of the library: what the wizard lists (title, description, category). */
export const templateSlideDocumentSchema = z
  .object({
    format: z.literal(templateFormatVersion),
    id: z.string().min(1).max(64),
    title: z.string().min(1).max(120),
    description: z.string().max(500),
    /** In the wizard's default selection (SPEC.md §9: the first 15 slides but the appendix). */
    inDefaultSelection: z.boolean().optional(),
    /** About these products: in the default selection only when the deck has one of them. */
    forProducts: z.array(z.string().min(1).max(64)).max(50).optional(),
    /**
     * What the slide tells a client about (issue 51): a visit's time on it is given to these
     * products equally. Left out, to its `forProducts`, else to the products its texts name
     * (`product.<id>.…`), else to none. It changes nothing in what is drawn or chosen.
     */
    products: z.array(z.string().min(1).max(64)).max(50).optional(),
    /**
     * Retired: no longer offered to reps (a slide drawn with pricing is no longer drawn); decks
     * drawn from it before still draw it.
     */
    retired: z.boolean().optional(),
    /**
     * Only for decks in these markets (ISO 3166 country codes): not offered, nor in the default
     * selection, for a deck elsewhere (issue 50). Every market when absent.
     */
    markets: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'a market is an ISO 3166 country code such as "US"'))
      .min(1)
      .max(50)
      .optional(),
    drawn: z.enum(slideDrawnValues).optional(),
    /** The PowerPoint slide it was imported from, so a newer copy of the file can replace it. */
    source: importedSlideSourceSchema.optional(),
    /**
     * Deck inputs the slide needs (slide-inputs.ts): the wizard asks for them when a rep chooses
     * the slide; formulas and texts use them as `input.<name>`.
     */
    inputs: slideInputsSchema.optional(),
    ...slideBody,
  })
  .strict()
  .superRefine(checkFigures)
  .superRefine(checkPlaceholders)
  .superRefine(checkPricingBindings);
export type TemplateSlideDocument = z.infer<typeof templateSlideDocumentSchema>;

export const templatePartsSchema = z.array(templatePartSchema);
export const templateSlideDocumentsSchema = z.array(templateSlideDocumentSchema);
export const templateLayoutsSchema = z.array(templateLayoutSchema);

/** The problems of a document that does not follow the format, one line each, for a person. */
export function describeTemplateProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`);
}

/** Documents checked against their schema; what is wrong is thrown, a line a problem. */
export function parseTemplateDocuments<T>(schema: z.ZodType<T>, value: unknown, source: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${source} does not follow the template format:\n${describeTemplateProblems(parsed.error).join('\n')}`,
    );
  }
  return parsed.data;
}
