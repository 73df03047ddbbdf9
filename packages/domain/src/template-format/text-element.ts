import { z } from 'zod';
import { numberSchemes } from '../numbering.ts';
import { boundText } from './bindings.ts';
import { importFontFamilies, templateColorSchema } from './colors-and-fonts.ts';
import { boxShape, common, rotation } from './element-fields.ts';
import { conditionalParagraph, styledParagraph } from './paragraphs.ts';

/** The most tab stops a text style has (PowerPoint's own limit is lower in practice). */
export const MAX_TAB_STOPS = 32;

export const textStyleSchema = z
  .object({
    weight: z.enum(['regular', 'medium', 'semibold', 'bold']).default('regular'),
    /** The size in points when the text fits; shrunk down to `minSize` until it does. */
    size: z.number().min(4).max(400),
    minSize: z.number().min(4).max(400).optional(),
    maxLines: z.number().int().min(1).max(200).optional(),
    /** Line pitch as a multiple of the size. */
    lineHeight: z.number().min(0.5).max(4).optional(),
    /** Space after each paragraph as a multiple of the size. */
    paragraphGap: z.number().min(0).max(4).optional(),
    color: templateColorSchema,
    align: z.enum(['left', 'center', 'right']).optional(),
    valign: z.enum(['top', 'middle', 'bottom']).optional(),
    bullets: z.boolean().optional(),
    /** How far the text sits from its bullet, as a multiple of the size (1.1 when absent). */
    bulletIndent: z.number().min(0).max(10).optional(),
    /**
     * A bulleted paragraph's later lines start under its bullet, not under its first word: a
     * PowerPoint paragraph without a hanging indent, whose first word follows its bullet at once.
     */
    wrapUnderBullet: z.boolean().optional(),
    /**
     * Numbered instead of bulleted (with `bullets`): each paragraph with words gets the next
     * number of the scheme (`arabicPeriod`: 1. 2. 3.), from `startAt` (1 when absent).
     */
    numbering: z
      .object({
        scheme: z.enum(numberSchemes),
        startAt: z.number().int().min(1).max(32_767).optional(),
      })
      .strict()
      .optional(),
    /** The bullet, one character (`–`, `▪`); `•` when absent. */
    bulletChar: z
      .string()
      .refine((value) => [...value].length === 1 && value.trim() !== '', 'must be one character')
      .optional(),
    /** The bullet's (or number's) colour when not the text's, as a theme's list style has it. */
    bulletColor: templateColorSchema.optional(),
    /** The bullet's (or number's) size as a share of the text's (1 when absent). */
    bulletSize: z.number().min(0.25).max(4).optional(),
    /**
     * A bundled family other than the brand's (imported slides keep their look: Arimo for
     * Arial, Carlito for Calibri, Tinos for Times New Roman, Caladea for Cambria, DejaVu Sans for
     * Lucida Sans and Verdana); the brand's font when absent.
     */
    font: z.enum(importFontFamilies).optional(),
    /** Set in the family's italic faces (its upright ones where it has none). */
    italic: z.boolean().optional(),
    /** Each line underlined, as the font's own underline position and thickness say. */
    underline: z.boolean().optional(),
    /**
     * Runs of spaces inside a line kept as written (an imported slide that spaces words apart
     * with them); one space each when absent, however many were typed.
     */
    keepSpaces: z.boolean().optional(),
    /**
     * Its paragraphs read right to left (true) or left to right (false) whatever letter they
     * start with, as a PowerPoint paragraph's direction sets them (its bullet on that side);
     * each paragraph as its first letter with a direction reads when absent.
     */
    rightToLeft: z.boolean().optional(),
    /**
     * Where a tab in the text moves the words after it, as a PowerPoint paragraph's tab stops:
     * points from the text box's left edge, the words starting there (`left`), ending there
     * (`right`), centred on it (`center`), or with their first full stop on it (`decimal`).
     * Past the last one, and where there are none, tabs go to the default stops.
     */
    tabStops: z
      .array(
        z
          .object({
            at: z.number().min(0).max(10_000),
            align: z.enum(['left', 'right', 'center', 'decimal']),
          })
          .strict(),
      )
      .max(MAX_TAB_STOPS)
      .optional(),
    /** The distance between default tab stops in points (72, an inch, when absent). */
    tabSize: z.number().min(1).max(10_000).optional(),
    /**
     * Texts of one slide in the same group are set at one size, the smallest any of them needs
     * to fit: figures side by side, where an edited "Unlimited" is not set smaller than a "3".
     */
    sizeGroup: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, 'a size group is named by lower-case letters and digits')
      .optional(),
  })
  .strict();

export const textElementSchema = z
  .object({
    kind: z.literal('text'),
    ...common,
    ...boxShape,
    /**
     * One string (lines split on new lines) or a list of paragraphs; a paragraph may have a
     * condition of its own (`{ "text": "Attention: {{contact.name}}", "when": … }`) and may be
     * written as runs of its own style (`{ "runs": [{ "text": "Caring", "weight": "bold" }, …] }`).
     */
    text: z.union([
      boundText,
      z.array(z.union([boundText, conditionalParagraph, styledParagraph])).max(100),
    ]),
    style: textStyleSchema,
    rotation,
  })
  .strict();
