import { z } from 'zod';
import { bindingPathSchema } from './bindings.ts';

/**
 * Show an element only when a binding has a value (or has none), or only in decks for some
 * markets (ISO 3166 country codes: the FDA's rules for `["US"]`).
 */
export const templateConditionSchema = z.union([
  z.object({ filled: bindingPathSchema }).strict(),
  z.object({ empty: bindingPathSchema }).strict(),
  z
    .object({
      markets: z
        .array(z.string().regex(/^[A-Z]{2}$/, 'a market is an ISO 3166 country code such as "US"'))
        .min(1)
        .max(50),
    })
    .strict(),
]);
export type TemplateCondition = z.infer<typeof templateConditionSchema>;
