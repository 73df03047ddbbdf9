import { z } from 'zod';
import { marketCodeSchema, marketSchema, marketTaxSchema } from './markets/markets.ts';
import { priceListSchema } from './markets/price-lists.ts';
import { plainText } from './text.ts';

/**
 * The markets and price lists as the portal serves and edits them (issue 50): every signed-in
 * user reads them (the wizard prices a deck in its market's currency), admins change them at
 * `/admin/markets`.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** `/api/admin/markets/:code`: the market's ISO 3166 code. */
export const marketParamsSchema = z.object({ code: marketCodeSchema });

/** `PUT /api/admin/markets/:code`: the market, its code being the address's. */
export const marketChangeSchema = marketSchema.omit({ code: true });
export type MarketChange = z.input<typeof marketChangeSchema>;

/** A market as served (the stored one, read through `marketSchema`). */
export const marketViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  tax: marketTaxSchema.nullable(),
  incentives: z.array(z.string()),
  language: z.string(),
});
export type MarketView = z.infer<typeof marketViewSchema>;

/** `GET /api/markets`: every market, in the portal's order. */
export const marketsResponseSchema = z.object({ markets: z.array(marketViewSchema) });
export type MarketsResponse = z.infer<typeof marketsResponseSchema>;

/** `/api/admin/price-lists/:currency`: the list's ISO 4217 code. */
export const priceListParamsSchema = z.object({
  currency: priceListSchema.shape.currency,
});

/** `PUT /api/admin/price-lists/:currency`: entered (`derived: null`) or derived at a rate. */
export const priceListChangeSchema = z
  .object({
    derived: priceListSchema.shape.derived,
    note: plainText('Note').max(300, 'Note must be at most 300 characters').default(''),
  })
  .strict();
export type PriceListChange = z.input<typeof priceListChangeSchema>;

/** A price list as served: how its prices are made, and who last changed it. */
export const priceListViewSchema = z.object({
  currency: z.string(),
  derived: z
    .object({
      from: z.string(),
      rate: z.number(),
      rounding: z.string(),
    })
    .nullable(),
  updatedAt: isoDateTime,
});
export type PriceListView = z.infer<typeof priceListViewSchema>;

/** `GET /api/price-lists`: the book's own currency (entered on each product) and the other lists. */
export const priceListsResponseSchema = z.object({
  bookCurrency: z.string(),
  lists: z.array(priceListViewSchema),
});
export type PriceListsResponse = z.infer<typeof priceListsResponseSchema>;

/** `GET /api/decks/client-defaults?client=Name`. */
export const clientDefaultsQuerySchema = z.object({
  client: z.string().trim().min(1, 'Name the client').max(200),
});

/**
 * The market and language a new deck for a client starts with: those of the caller's newest
 * deck for that client, else the caller's profile's, else the portal's (US, English).
 */
export const clientDefaultsResponseSchema = z.object({
  market: z.string(),
  language: z.string(),
  from: z.enum(['deck', 'profile', 'portal']),
});
export type ClientDefaults = z.infer<typeof clientDefaultsResponseSchema>;

/** A price list as a file, and its import's request and answer. */
export * from './markets/price-list-file.ts';
