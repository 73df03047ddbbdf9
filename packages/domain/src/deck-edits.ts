import { z } from 'zod';
import { templateSlideDocumentSchema } from './template-format/documents.ts';
import type { TemplateElement } from './template-format/elements.ts';
import { paragraphText } from './template-format/paragraphs.ts';

/**
 * An edited deck (issue 49): the slides of one of a deck's versions as documents a person can
 * change — in the online editor, or in PowerPoint and brought back — and that the engine draws
 * as they are. Each slide is a template slide document whose words and figures are written out
 * (no `{{…}}` but on slides added from the library), in the order the client reads them.
 */

/** The most slides an edited deck keeps (a generated deck has well under a hundred). */
export const MAX_EDITED_SLIDES = 200;

export const editedSlideSchema = z
  .object({
    /**
     * Stays with the slide through edits, moves and uploads: the generated slide's plan id
     * (`title`, `pricing-battery_backup`), or a new one for a slide added or duplicated.
     */
    key: z.string().min(1).max(120),
    /** Left out of the version's files, kept in the editor. */
    hidden: z.boolean(),
    /**
     * Its figures are the quote's (a pricing slide, a slide computing from the quote): those are
     * shown, not typed — see {@link showsQuoteFigures}.
     */
    priced: z.boolean(),
    document: templateSlideDocumentSchema,
  })
  .strict();
export type EditedSlide = z.infer<typeof editedSlideSchema>;

export const editedDeckSchema = z
  .object({ slides: z.array(editedSlideSchema).min(1).max(MAX_EDITED_SLIDES) })
  .strict()
  .superRefine(({ slides }, context) => {
    const seen = new Set<string>();
    slides.forEach((slide, i) => {
      if (seen.has(slide.key)) {
        context.addIssue({
          code: 'custom',
          path: ['slides', i, 'key'],
          message: `slide ${i + 1} has the key ${slide.key} of another slide`,
        });
      }
      seen.add(slide.key);
    });
    if (slides.every((slide) => slide.hidden)) {
      context.addIssue({
        code: 'custom',
        path: ['slides'],
        message: 'a deck shows at least one slide',
      });
    }
  });
export type EditedDeck = z.infer<typeof editedDeckSchema>;

/** Every word an element shows, one string (a text box's paragraphs, a table's cells). */
export function elementWords(element: TemplateElement): string {
  switch (element.kind) {
    case 'text':
      return typeof element.text === 'string'
        ? element.text
        : element.text.map(paragraphText).join('\n');
    case 'table':
      return [...(element.header ? [element.header] : []), ...element.rows]
        .map((row) => row.join('\t'))
        .join('\n');
    case 'repeat':
      return element.elements.map((child) => elementWords(child)).join('\n');
    case 'picture':
      return element.alt;
    default:
      return '';
  }
}

/** A number as a quote writes one: digits, maybe grouped, maybe with decimals. */
const FIGURE = /\d/;

/**
 * Whether an element of a priced slide shows the quote's figures, which are shown, not typed:
 * changing a quantity or a price is Modify → the wizard, where the deal desk checks it. On a
 * slide that is not priced nothing is the quote's.
 */
export function showsQuoteFigures(slide: Pick<EditedSlide, 'priced'>, element: TemplateElement) {
  if (!slide.priced) return false;
  if (element.kind === 'table' || element.kind === 'chart' || element.kind === 'quote') return true;
  return FIGURE.test(elementWords(element));
}

/**
 * A slide of a version's files as the editor knows it: the key an edited copy of it keeps, and
 * whether its figures are the quote's. A generated version records one per slide, in order.
 */
export const plannedSlideKeySchema = z.object({ key: z.string(), priced: z.boolean() }).strict();
export type PlannedSlideKey = z.infer<typeof plannedSlideKeySchema>;
