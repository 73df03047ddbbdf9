import { z } from 'zod';
import { plainText } from '../text.ts';
import { PRICING_TEXT_KEYS, type PricingTextKey } from './pricing.ts';

// The zod schemas of the product ids and the pricing texts live apart from the data and the
// math, so the deck engine can load those without loading zod (it shortens a cold start).

/** A product as a deck names it; the server checks it against the price book. */
export const productIdSchema = z
  .string({ error: 'Unknown product' })
  .regex(/^[a-z0-9][a-z0-9_]{0,63}$/, 'Unknown product');

const pricingTextSchema = plainText('Pricing text').max(
  200,
  'Pricing text must be at most 200 characters',
);

export const pricingTextsSchema = z.object(
  Object.fromEntries(PRICING_TEXT_KEYS.map((key) => [key, pricingTextSchema])) as Record<
    PricingTextKey,
    typeof pricingTextSchema
  >,
);
export const pricingTextOverridesSchema = pricingTextsSchema.partial();
