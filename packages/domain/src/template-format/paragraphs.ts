import { z } from 'zod';
import { isLinkAddress } from '../link-address.ts';
import { boundText } from './bindings.ts';
import { importFontFamilies, templateColorSchema } from './colors-and-fonts.ts';
import { templateConditionSchema } from './conditions.ts';

/** A paragraph shown only when its condition holds. */
export const conditionalParagraph = z
  .object({ text: boundText, when: templateConditionSchema })
  .strict();

/**
 * Words of a paragraph set apart from the rest of its text: in another weight, size, font (of
 * those an imported slide may name) or colour, italic or upright, underlined or not, raised
 * (`super`) or lowered (`sub`) at two-thirds of the size, or a link to a web page or an e-mail
 * address (the PDF and the PowerPoint open it). A run's size is in points beside its text's (a
 * text shrunk to fit shrinks its runs alike). What a run leaves out it takes from the text's style.
 */
export const textRunSchema = z
  .object({
    text: boundText,
    weight: z.enum(['regular', 'medium', 'semibold', 'bold']).optional(),
    size: z.number().min(1).max(400).optional(),
    font: z.enum(importFontFamilies).optional(),
    italic: z.boolean().optional(),
    underline: z.boolean().optional(),
    color: templateColorSchema.optional(),
    script: z.enum(['super', 'sub']).optional(),
    link: z
      .string()
      .max(2_000)
      .refine(isLinkAddress, 'a link opens an http://, https:// or mailto: address')
      .optional(),
  })
  .strict();
export type TemplateTextRun = z.infer<typeof textRunSchema>;

/** A paragraph written as runs ("**Caring** about students"), shown always or when its condition holds. */
export const styledParagraph = z
  .object({
    runs: z
      .array(textRunSchema)
      .min(1)
      .max(200)
      .refine(
        (runs) => runs.reduce((sum, run) => sum + run.text.length, 0) <= 5_000,
        'a paragraph holds at most 5,000 characters',
      ),
    when: templateConditionSchema.optional(),
  })
  .strict();

export type TemplateParagraph =
  string | z.infer<typeof conditionalParagraph> | z.infer<typeof styledParagraph>;

/** A paragraph's words as one text, whatever runs it is written in. */
export function paragraphText(paragraph: TemplateParagraph): string {
  if (typeof paragraph === 'string') return paragraph;
  return 'runs' in paragraph ? paragraph.runs.map((run) => run.text).join('') : paragraph.text;
}
