import { z } from 'zod';
import { boundText, elementBindings } from './bindings.ts';
import { templateColorSchema } from './colors-and-fonts.ts';
import {
  boxShape,
  common,
  coordinate,
  flips,
  length,
  rotation,
  shadowSchema,
  strokeSchema,
} from './element-fields.ts';
import { chartElementSchema } from './chart-element.ts';
import { tableElementSchema } from './table-element.ts';
import { textElementSchema } from './text-element.ts';

/**
 * A shape's outline as path commands in a 1000 × 1000 square stretched over the element's box:
 * `M x y`, `L x y`, `C x1 y1 x2 y2 x y` and `Z` (what an imported freeform or preset is drawn with).
 * Read token by token in one pass (a regular expression over it could backtrack for minutes).
 */
export function isShapePath(path: string): boolean {
  if (path.length > 20_000) return false;
  const token = /\s*(?:([MLCZ])|(-?\d+(?:\.\d+)?))/y;
  let needed = 0;
  let isFirst = true;
  let index = 0;
  while (index < path.length) {
    token.lastIndex = index;
    const match = token.exec(path);
    if (!match) return path.slice(index).trim() === '';
    index = token.lastIndex;
    if (match[1]) {
      if (needed !== 0 || (isFirst && match[1] !== 'M')) return false;
      needed = match[1] === 'C' ? 6 : match[1] === 'Z' ? 0 : 2;
      isFirst = false;
    } else {
      if (needed === 0) return false;
      needed -= 1;
    }
  }
  return !isFirst && needed === 0;
}

const shapeElementSchema = z
  .object({
    kind: z.enum(['rect', 'ellipse', 'path']),
    ...common,
    ...boxShape,
    fill: templateColorSchema.optional(),
    fillOpacity: z.number().min(0).max(1).optional(),
    stroke: strokeSchema.optional(),
    shadow: shadowSchema.optional(),
    radius: z.number().min(0).max(1_000).optional(),
    /**
     * A gradient over the shape, in place of `fill`, which is what renderers without gradients
     * draw. `linear` (the default): `angle` degrees clockwise from left-to-right, the first stop
     * at the box's edge the line enters. `radial`: circles about (`cx`, `cy`), fractions of the
     * box (0.5 when absent), the first stop at that centre and the last reaching the box's
     * farthest corner.
     */
    gradient: z
      .object({
        kind: z.enum(['linear', 'radial']).optional(),
        angle: z.number().min(0).max(360).optional(),
        cx: z.number().min(0).max(1).optional(),
        cy: z.number().min(0).max(1).optional(),
        stops: z
          .array(
            z
              .object({
                at: z.number().min(0).max(1),
                color: templateColorSchema,
                opacity: z.number().min(0).max(1).optional(),
              })
              .strict(),
          )
          .min(2)
          .max(10),
      })
      .strict()
      .superRefine((gradient, context) => {
        const isRadial = gradient.kind === 'radial';
        if (!isRadial && gradient.angle === undefined) {
          context.addIssue({
            code: 'custom',
            path: ['angle'],
            message: 'a linear gradient has an angle',
          });
        }
        for (const key of isRadial ? (['angle'] as const) : (['cx', 'cy'] as const)) {
          if (gradient[key] !== undefined) {
            context.addIssue({
              code: 'custom',
              path: [key],
              message: isRadial
                ? 'a radial gradient has a centre, not an angle'
                : 'only a radial gradient has a centre',
            });
          }
        }
      })
      .optional(),
    /** The outline of a `path` shape (see {@link isShapePath}). */
    path: z
      .string()
      .refine(isShapePath, 'must be path commands M, L, C and Z in a 1000 × 1000 square')
      .optional(),
    rotation,
    ...flips,
  })
  .strict()
  .refine((shape) => (shape.kind === 'path') === (shape.path !== undefined), {
    message: 'a path shape has a path, and only a path shape has one',
    path: ['path'],
  });

/** A shape's gradient as written: linear unless `kind` says radial. */
export type TemplateGradient = NonNullable<z.infer<typeof shapeElementSchema>['gradient']>;
/**
 * What a line's end is drawn with, as office lines have them: a filled triangle, an open arrow
 * (two strokes), a stealth arrow (a triangle notched at its back), a diamond, a dot.
 */
export const lineEnds = ['triangle', 'arrow', 'stealth', 'diamond', 'oval'] as const;
export type LineEnd = (typeof lineEnds)[number];

const lineElementSchema = z
  .object({
    kind: z.literal('line'),
    ...common,
    x1: coordinate,
    y1: coordinate,
    x2: coordinate,
    y2: coordinate,
    color: templateColorSchema,
    width: z.number().min(0).max(100),
    dash: z.boolean().optional(),
    /** 0 (unseen) to 1 (solid, when absent). */
    opacity: z.number().min(0).max(1).optional(),
    /** The mark at (x1, y1) and at (x2, y2); a plain end when absent. */
    startArrow: z.enum(lineEnds).optional(),
    endArrow: z.enum(lineEnds).optional(),
  })
  .strict();

const pictureElementSchema = z
  .object({
    kind: z.literal('picture'),
    ...common,
    ...boxShape,
    /** A picture address, usually a binding (`{{placeholder.image}}`); empty draws nothing. */
    src: boundText,
    fit: z.enum(['cover', 'contain']).default('cover'),
    alt: boundText,
    /** A soft shadow behind the picture's box (see the shape's `shadow`). */
    shadow: shadowSchema.optional(),
    rotation,
    ...flips,
  })
  .strict();

/** The brand's mark, a square of `size` points. */
const logoElementSchema = z
  .object({ kind: z.literal('logo'), ...common, x: coordinate, y: coordinate, size: length })
  .strict();

/**
 * The deck's quote as a table, where the slide puts it: each product with its quantity, unit
 * price and amount, then subtotal, shipping, total, the tax credit and the net, from the same
 * figures as the pricing slides (so they agree to the cent). Drawn only when the deck shows
 * pricing.
 */
const quoteElementSchema = z
  .object({
    kind: z.literal('quote'),
    ...common,
    ...boxShape,
    /** The largest cell size in points; smaller when the rows do not fit. */
    size: z.number().min(4).max(60).optional(),
    headerFill: templateColorSchema,
    /** The fill of every other row. */
    stripe: templateColorSchema.optional(),
    /** The net's row. */
    emphasisFill: templateColorSchema.optional(),
  })
  .strict();

/**
 * The feature tags of products, from the price book, as chips: each a rounded box sized to its
 * words (at most `maxWidth` points), left to right from (x, y), a new row when the next does not
 * fit the width; rows that do not fit the height are left out. A product renamed or given other
 * tags in the price book shows them in every deck made after.
 */
const chipsElementSchema = z
  .object({
    kind: z.literal('chips'),
    ...common,
    ...boxShape,
    /** Whose tags, in this order: product ids of the price book. */
    products: z.array(z.string().min(1).max(64)).min(1).max(20),
    style: z
      .object({
        weight: z.enum(['regular', 'medium', 'semibold', 'bold']).default('regular'),
        size: z.number().min(4).max(60),
        color: templateColorSchema,
      })
      .strict(),
    fill: templateColorSchema.optional(),
    stroke: strokeSchema.optional(),
    radius: z.number().min(0).max(100).optional(),
    /** A chip's height (20 when absent). */
    chipHeight: z.number().min(4).max(200).optional(),
    /** Room from a chip's edge to its words, each side (10 when absent). */
    padding: z.number().min(0).max(100).optional(),
    /** The widest a chip may be (240 when absent). */
    maxWidth: z.number().min(10).max(3_000).optional(),
    /** Between chips of a row (8 when absent) and between rows (6 when absent). */
    gap: z.number().min(0).max(200).optional(),
    rowGap: z.number().min(0).max(200).optional(),
  })
  .strict();

/** A shared part (a footer, a title bar) drawn here, in this place in the order. */
const partElementSchema = z
  .object({ kind: z.literal('part'), ...common, part: z.string().min(1).max(64) })
  .strict();

/** What a repeat's copy may hold: anything but parts and other repeats. */
const repeatedElementSchema = z.discriminatedUnion('kind', [
  textElementSchema,
  shapeElementSchema,
  lineElementSchema,
  pictureElementSchema,
  logoElementSchema,
  tableElementSchema,
  chartElementSchema,
]);
export type RepeatedElement = z.infer<typeof repeatedElementSchema>;

/** What a repeat goes over, and the `item.…` bindings its copies have. */
export const repeatSources = {
  /** The deck's sections, in order: `item.name`, `item.number`. */
  'deck.sections': ['name', 'number'],
  /** The deck's products: `item.name`, `item.number` and the product's fields. */
  'deck.products': ['name', 'number', 'sku', 'description', 'warrantyYears', 'credit', 'picture'],
} as const;

/**
 * One copy of its elements per item (a section, a product), the first at (x, y), each next one
 * `step` points further `down` or to the `right`; with `within`, the copies share at most that
 * length (closer together when there are many: each element's `pin` says how it follows). The
 * copies' texts bind `{{item.name}}`, `{{item.number}}` and, for products, their fields.
 */
const repeatElementSchema = z
  .object({
    kind: z.literal('repeat'),
    ...common,
    over: z.enum(Object.keys(repeatSources) as [keyof typeof repeatSources]),
    /** The items drawn when the deck has none (section names). */
    fallback: z.array(z.string().max(200)).max(20).optional(),
    x: coordinate,
    y: coordinate,
    direction: z.enum(['down', 'right']),
    step: z.number().positive().max(3_000),
    within: length.optional(),
    /** At most this many copies. */
    max: z.number().int().min(1).max(40).default(20),
    elements: z.array(repeatedElementSchema).min(1).max(40),
  })
  .strict()
  .superRefine((repeat, context) => {
    const fields: readonly string[] = repeatSources[repeat.over];
    repeat.elements.forEach((element, i) => {
      for (const { path } of elementBindings(element)) {
        const field = path.startsWith('item.') ? path.slice('item.'.length) : undefined;
        if (field !== undefined && !fields.includes(field)) {
          context.addIssue({
            code: 'custom',
            path: ['elements', i],
            message: `{{${path}}} is not a field of ${repeat.over}`,
          });
        }
      }
    });
  });

export const templateElementSchema = z.discriminatedUnion('kind', [
  textElementSchema,
  shapeElementSchema,
  lineElementSchema,
  pictureElementSchema,
  logoElementSchema,
  partElementSchema,
  tableElementSchema,
  chartElementSchema,
  quoteElementSchema,
  chipsElementSchema,
  repeatElementSchema,
]);
export type TemplateElement = z.infer<typeof templateElementSchema>;
