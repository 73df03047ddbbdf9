import { z } from 'zod';
import { bindingPathSchema } from './bindings.ts';

const marketCodes = z
  .array(z.string().regex(/^[A-Z]{2}$/, 'a market is an ISO 3166 country code such as "US"'))
  .min(1)
  .max(50);

/**
 * Show an element only when a binding has a value (or has none), or only in decks for some
 * markets (ISO 3166 country codes: the FDA's rules for `["US"]`), or in every market but some
 * (what stands in for them elsewhere, shown in a market an admin adds later too).
 */
export const templateConditionSchema = z.union([
  z.object({ filled: bindingPathSchema }).strict(),
  z.object({ empty: bindingPathSchema }).strict(),
  z.object({ markets: marketCodes }).strict(),
  z.object({ exceptMarkets: marketCodes }).strict(),
]);
export type TemplateCondition = z.infer<typeof templateConditionSchema>;

/** Whether a market condition lets a deck for `market` show what it is on (others: yes). */
export function isShownInMarket(when: TemplateCondition | undefined, market: string): boolean {
  if (!when) return true;
  if ('markets' in when) return when.markets.includes(market);
  if ('exceptMarkets' in when) return !when.exceptMarkets.includes(market);
  return true;
}

/** Whether a condition is about the deck's market rather than a binding's value. */
export const isMarketCondition = (
  when: TemplateCondition,
): when is Extract<TemplateCondition, { markets: string[] } | { exceptMarkets: string[] }> =>
  'markets' in when || 'exceptMarkets' in when;
