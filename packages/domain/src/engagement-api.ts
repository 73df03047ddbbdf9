import { z } from 'zod';

/**
 * Per-product engagement of one link or one deck (issue 51): the time clients spent on each
 * product, as the slides of the versions they saw were about them (a version's `slideProducts`).
 */

/** A priced slide on screen this long in one visit counts as its pricing viewed. */
export const pricingViewedSeconds = 5;

/** Where the time on slides about no product goes. */
export const generalProductId = 'general';

const isoDateTime = z.iso.datetime({ offset: true });

export const productSecondsSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** To a tenth of a second. */
  seconds: z.number(),
});

export const visitProductsSchema = z.object({
  visitId: z.string(),
  linkId: z.string(),
  startedAt: isoDateTime,
  /** The deck version the visit was shown. */
  version: z.number().int(),
  totalSeconds: z.number(),
  /** Most first; they add up to `totalSeconds`. */
  products: z.array(productSecondsSchema),
  /** A priced slide was on screen `pricingViewedSeconds` or more in this visit. */
  pricingViewed: z.boolean(),
});
export type VisitProducts = z.infer<typeof visitProductsSchema>;

export const productEngagementSchema = z.object({
  /** Every visit's seconds. */
  totalSeconds: z.number(),
  visitCount: z.number().int(),
  /** Over every visit, most first; `general` holds the slides about no product. */
  products: z.array(productSecondsSchema),
  /** The product (not General) clients spent most time on; null when none had any. */
  topProduct: productSecondsSchema.nullable(),
  /** Visits in which the pricing was viewed ("pricing viewed 2×"). */
  pricingViewedVisits: z.number().int(),
  /** The newest visits (up to 200), newest first, each with its own products. */
  visits: z.array(visitProductsSchema),
});
export type ProductEngagement = z.infer<typeof productEngagementSchema>;

/** `GET /api/decks/:id/engagement`: every client link of the deck together. */
export const deckEngagementSchema = z.object({
  deck: z.object({ id: z.string(), title: z.string(), clientName: z.string() }),
  engagement: productEngagementSchema,
});
export type DeckEngagement = z.infer<typeof deckEngagementSchema>;
