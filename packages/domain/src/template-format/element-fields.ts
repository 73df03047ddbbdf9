import { z } from 'zod';
import { templateColorSchema } from './colors-and-fonts.ts';
import { templateConditionSchema } from './conditions.ts';

// What elements of several kinds have alike: a place on the 960 × 540 pt slide, a name, a
// condition, a turn and mirroring, an outline and a shadow.

export const coordinate = z.number().min(-2_000).max(3_000);
export const length = z.number().min(0).max(3_000);
export const boxShape = { x: coordinate, y: coordinate, w: length, h: length };

export const common = {
  /**
   * The element's own id in its document, which the studio addresses it by (its place in the
   * list changes); the studio gives one to each element without.
   */
  id: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,32}$/, 'An element id is 1 to 32 letters, digits, - or _')
    .optional(),
  /** A stable name tests and the web view find the element by (`title`, `client-name`). */
  name: z.string().max(64).optional(),
  when: templateConditionSchema.optional(),
  /**
   * Inside a repeat whose copies move closer to fit: `start` (the default) keeps the element's
   * distance to its copy's start, `end` to its copy's end, `both` stretches it to keep both.
   */
  pin: z.enum(['start', 'end', 'both']).optional(),
};

/**
 * Degrees clockwise the element is turned about its box's centre (0 or absent: level). The box
 * is laid out level and turned as a whole: a text breaks its lines in its box's own width.
 */
export const rotation = z.number().min(0).max(360).optional();

/**
 * Mirrored left to right (`flipH`) or top to bottom (`flipV`) within its box, before any
 * rotation (a path shape's outline, a picture).
 */
export const flips = { flipH: z.boolean().optional(), flipV: z.boolean().optional() };

export const strokeSchema = z
  .object({
    color: templateColorSchema,
    width: z.number().min(0).max(100),
    dash: z.boolean().optional(),
    /** 0 (unseen) to 1 (solid, when absent). */
    opacity: z.number().min(0).max(1).optional(),
  })
  .strict();

/**
 * A soft shadow cast behind a shape: its colour and opacity, how far it blurs (points) and how
 * far it falls (`dx` right, `dy` down, points on the slide whatever the shape's rotation).
 */
export const shadowSchema = z
  .object({
    color: templateColorSchema,
    opacity: z.number().min(0).max(1),
    blur: z.number().min(0).max(100),
    dx: z.number().min(-200).max(200),
    dy: z.number().min(-200).max(200),
  })
  .strict();

export type TemplateShadow = z.infer<typeof shadowSchema>;
