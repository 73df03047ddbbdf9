import { z } from 'zod';

/**
 * What a preflight finds on a slide before it reaches a client (DESIGN.md §8a: one list of
 * findings, shown to editors at publish and to reps before sending). A check added later (an
 * implausible figure, say) brings its own kind here and its findings join the same list.
 */
export const preflightKinds = [
  /** Words left to finish later (to-do notes, filler Latin), a leftover `{{…}}`, a "NEW …:" prefix. */
  'placeholder-text',
  /** A picture frame with no picture in it. */
  'empty-picture',
  /** A picture, shape or other text drawn over a text's words. */
  'covered-text',
  /** A text that does not fit its box even at its smallest size: its end is cut. */
  'overflow',
  /** A text shrunk to fit below the size a reader can comfortably read. */
  'small-text',
  /** A text whose colour stands out too little from what is behind it (WCAG AA). */
  'low-contrast',
  /** A computed figure a client would not believe (figure-plausibility.ts): empty, negative, a payback out of range. */
  'implausible-figure',
  /** Texts of a deck in another language with no translation there, drawn in the library's (issue 50). */
  'untranslated',
] as const;
export type PreflightKind = (typeof preflightKinds)[number];

export const preflightFindingSchema = z.object({
  /** The slide's id: the library slide's, or the deck slide's (`pricing-<product>`). */
  slideId: z.string(),
  /** The element it concerns, as a person names it: its first words, or what it is. */
  element: z.string(),
  kind: z.enum(preflightKinds),
  /** What is wrong and what to do, for an editor or a rep. */
  message: z.string(),
});
export type PreflightFinding = z.infer<typeof preflightFindingSchema>;

/** A finding with the slide it is on, as a deck's or the library's findings are answered. */
export const slideFindingSchema = preflightFindingSchema.extend({
  /** The slide's title as the slide list shows it. */
  slideTitle: z.string(),
  /** Its place in the deck (a deck's findings) or in the library (the draft's), from 1. */
  slideNumber: z.number().int(),
});
export type SlideFinding = z.infer<typeof slideFindingSchema>;

/** `GET /api/decks/:id/preflight`, `GET /api/library/preflight`. */
export const preflightResponseSchema = z.object({
  findings: z.array(slideFindingSchema),
  /** The deck version checked (a deck's findings); absent for the library's draft. */
  version: z.number().int().optional(),
});
export type PreflightResponse = z.infer<typeof preflightResponseSchema>;

/** How a list of findings is summed up in one line. */
export function describeFindingCount(count: number): string {
  return count === 1 ? '1 thing to check' : `${count} things to check`;
}

/** A figure a client would not believe, as one of a preflight's findings. */
export function figurePreflightFinding(finding: {
  slideId: string;
  figure: string;
  message: string;
}): PreflightFinding {
  return {
    slideId: finding.slideId,
    element: `The figure “${finding.figure}”`,
    kind: 'implausible-figure',
    message: finding.message,
  };
}
