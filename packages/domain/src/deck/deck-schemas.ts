import { z } from 'zod';
import { plainText } from '../text.ts';
import { PRICING_TEXT_KEYS, type PricingTextKey } from './pricing.ts';
import { PRODUCT_IDS } from './product-catalogue.ts';

// The zod schemas of the catalogue and the pricing texts live apart from the data and the
// math, so the deck engine can load those without loading zod (it shortens a cold start).

export const productIdSchema = z.enum(PRODUCT_IDS, { error: 'Unknown product' });

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
