import { z } from 'zod';
import { plainText } from './text.ts';
import { productKinds } from './deck/price-book.ts';
import { currencyCodeSchema } from './markets/markets.ts';
import { BOOK_CURRENCY, productPricesSchema } from './markets/price-lists.ts';

/**
 * The price book as the portal edits it (`/admin/products`, issue 16): every change to a
 * product is an entry with the date it takes effect, so a price can be raised from the first of
 * next month and the history of every price stays.
 */

const isoDateTime = z.iso.datetime({ offset: true });

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} must be at most $10,000,000`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `${label} must be in whole cents`,
    });

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const line = (label: string, max: number) =>
  plainText(label, { requiredMessage: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A product's picture: an uploaded library picture or one the project ships. */
const productPicture = z
  .string()
  .regex(
    /^(\/api\/uploads\/[0-9a-f-]{36}|seed:[a-z0-9-]+\.(png|svg))$/i,
    'Picture must be an uploaded picture',
  );

/** Everything about a product an editor sets (the id is the portal's). */
export const productFieldsSchema = z.object({
  sku: line('SKU', 40),
  name: line('Name', 80),
  description: line('Description', 400),
  features: z.array(line('Feature', 40)).max(6, 'A product has at most 6 features').default([]),
  /** Goods, a service or a subscription; goods for a product stored before products had a kind. */
  kind: z
    .enum(productKinds, { error: 'Sold as must be goods, a service or a subscription' })
    .default('goods'),
  defaultQuantity: wholeNumber('Default quantity', 1, 100_000),
  msrp: money('MSRP'),
  basePrice: money('Unit price'),
  whiteGloveShipping: money('White-glove shipping'),
  flatRateShipping: money('Flat-rate shipping'),
  flatRateAboveQuantity: wholeNumber('Flat-rate shipping threshold', 0, 100_000),
  warrantyYears: wholeNumber('Warranty', 0, 50),
  creditEligible: z.boolean(),
  /** The credit's share of the product's total, in per cent (30 when left out). */
  creditPercent: z
    .number({ error: 'Credit must be a number' })
    .min(0, 'Credit cannot be negative')
    .max(100, 'Credit must be at most 100%')
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
      message: 'Credit must be in tenths of a per cent at most',
    })
    .optional(),
  monthsIncluded: line('Monitoring months included', 40),
  annualMonitoring: line('Annual monitoring', 40),
  maintenance: line('Maintenance', 200),
  picture: productPicture.optional(),
  active: z.boolean(),
  /**
   * Its prices in the entered lists of other currencies (issue 50), by ISO 4217 code; the
   * fields above are the book's own US dollars, so a `USD` entry is refused.
   */
  prices: z
    .record(currencyCodeSchema, productPricesSchema)
    .refine((prices) => !(BOOK_CURRENCY in prices), {
      message: `Prices in ${BOOK_CURRENCY} are the product's own fields`,
    })
    .optional(),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** A change to a product (or a new one): its fields, from when, and why. */
export const productChangeSchema = z.object({
  product: productFieldsSchema,
  /** When the change takes effect; now when left out. Decks made before keep their prices. */
  effectiveFrom: isoDateTime.optional(),
  note: plainText('Note').max(300, 'Note must be at most 300 characters').default(''),
});
export type ProductChange = z.input<typeof productChangeSchema>;

/** A product with its id, as the price book serves it. */
export const priceBookProductSchema = productFieldsSchema.extend({
  id: z.string(),
  prices: z.record(z.string(), productPricesSchema).optional(),
});

export const priceBookEntrySchema = z.object({
  id: z.string(),
  productId: z.string(),
  product: priceBookProductSchema,
  effectiveFrom: isoDateTime,
  note: z.string(),
  createdAt: isoDateTime,
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type PriceBookEntry = z.infer<typeof priceBookEntrySchema>;

/** `GET /api/price-book`: the products reps may choose now, in the wizard's order. */
export const priceBookResponseSchema = z.object({
  products: z.array(priceBookProductSchema),
});

/** `GET /api/admin/products`: every product with its entry in force and any scheduled change. */
export const adminProductsResponseSchema = z.object({
  products: z.array(
    z.object({
      current: priceBookEntrySchema,
      /** Changes dated later than now, soonest first. */
      scheduled: z.array(priceBookEntrySchema),
    }),
  ),
});
export type AdminProducts = z.infer<typeof adminProductsResponseSchema>;

export const productHistoryResponseSchema = z.object({
  /** Every entry, newest effective date first. */
  entries: z.array(priceBookEntrySchema),
});
