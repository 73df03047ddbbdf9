import { z } from 'zod';
import { deckLanguageSchema, type DeckLanguage } from './languages.ts';

/**
 * A market (issue 50): the country a client buys in, which names the currency its quote is in,
 * the tax that country charges and whether quotes include it, and which incentives apply there.
 * Admins keep markets as data; US, JP, AE and DE are seeded.
 */

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 3166-1 alpha-2 country code in capitals (`JP`). */
export const marketCodeSchema = z
  .string()
  .trim()
  .transform((code, context) => {
    const upper = code.toUpperCase();
    if (/^[A-Z]{2}$/.test(upper)) return upper;
    context.addIssue({
      code: 'custom',
      message: `Unknown market "${code}": a market is an ISO 3166 country code such as "JP"`,
    });
    return z.NEVER;
  });

/** An ISO 4217 currency code (`JPY`) that this runtime can write. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .transform((code, context) => {
    const upper = code.toUpperCase();
    if (/^[A-Z]{3}$/.test(upper) && currencies.has(upper)) return upper;
    context.addIssue({
      code: 'custom',
      message: `Unknown currency "${code}": use an ISO 4217 code such as "EUR"`,
    });
    return z.NEVER;
  });

/** The incentives a price book's products can be eligible for, and where they apply. */
export const INCENTIVES = [{ id: 'us-itc', name: 'US investment tax credit' }] as const;
export type IncentiveId = (typeof INCENTIVES)[number]['id'];
const incentiveIds = INCENTIVES.map((incentive) => incentive.id) as [IncentiveId, ...IncentiveId[]];

export const marketTaxSchema = z
  .object({
    /** As the deck names it in the library's language ("Consumption tax", "VAT"): translated like any text. */
    name: z.string().trim().min(1, 'Name the tax').max(60),
    percent: z.number().min(0).max(100),
    /** Whether this market's prices include the tax (they are quoted with it) or have it added. */
    inclusive: z.boolean(),
  })
  .strict();
export type MarketTax = z.infer<typeof marketTaxSchema>;

export const marketSchema = z
  .object({
    code: marketCodeSchema,
    name: z.string().trim().min(1, 'Name the market').max(80),
    currency: currencyCodeSchema,
    /** No tax on its quotes when null (as US quotes, sales tax being the buyer's state's). */
    tax: marketTaxSchema.nullable(),
    incentives: z.array(z.enum(incentiveIds)).max(10),
    /** The language decks for this market start in. */
    language: deckLanguageSchema,
  })
  .strict();
export type Market = z.infer<typeof marketSchema>;

export const DEFAULT_MARKET_CODE = 'US';

export const SEED_MARKETS: readonly Market[] = [
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    tax: null,
    incentives: ['us-itc'],
    language: 'en',
  },
  {
    code: 'JP',
    name: 'Japan',
    currency: 'JPY',
    tax: { name: 'Consumption tax', percent: 10, inclusive: false },
    incentives: [],
    language: 'ja',
  },
  {
    code: 'AE',
    name: 'United Arab Emirates',
    currency: 'AED',
    tax: { name: 'VAT', percent: 5, inclusive: false },
    incentives: [],
    language: 'ar',
  },
  {
    code: 'DE',
    name: 'Germany',
    currency: 'EUR',
    tax: { name: 'VAT', percent: 19, inclusive: false },
    incentives: [],
    language: 'de',
  },
];

/** A market by its code among `markets`. */
export const findMarket = (markets: readonly Market[], code: string) =>
  markets.find((market) => market.code === code.toUpperCase());

/** The seeded US market: what a deck drawn before markets existed was priced for. */
export const DEFAULT_MARKET: Market = SEED_MARKETS[0]!;

/**
 * The locale a deck's figures and dates are written in: its language in its market's region
 * (`ja-JP`, `ar-AE`, `de-DE`, `en-JP`), the language alone when that is all the runtime knows.
 */
export function formatLocaleOf(language: DeckLanguage | string, market: string): string {
  const tag = `${language}-${market.toUpperCase()}`;
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag])[0] ?? language;
  } catch {
    return language;
  }
}
