import {
  checkDeckInputValues,
  DEFAULT_MARKET,
  DEFAULT_MARKET_CODE,
  deckInputsFor,
  findMarket,
  findProduct,
  inputsInCurrency,
  priceBookForMarket,
  type DeckDraft,
  type PriceBook,
  type SlideInput,
} from '@deck-portal/domain';
import type { Db } from '../db/database.ts';
import type { Services } from '../services.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { PricingContext } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { readMarkets, readPriceLists } from './market-store.ts';

export type { PricingContext };

/** The market a draft names: the default one for drafts stored before markets. */
export const draftMarketCode = (draft: DeckDraft) => draft.basicInfo.market || DEFAULT_MARKET_CODE;

/**
 * What a version made before markets was priced with: the US in dollars (the lists do not
 * matter in the book's own currency).
 */
export const PRICED_BEFORE_MARKETS: PricingContext = { market: DEFAULT_MARKET, priceLists: [] };

/**
 * The market a draft names, as the portal has it now, and the price lists: what a new version
 * is priced with. A market the portal does not have is refused (400) with its code.
 */
export async function pricingContextFor(db: Db, draft: DeckDraft): Promise<PricingContext> {
  const code = draftMarketCode(draft);
  const [markets, priceLists] = await Promise.all([readMarkets(db), readPriceLists(db)]);
  const market = findMarket(markets, code);
  if (!market) {
    const message = `Unknown market "${code}": choose one of ${markets.map((m) => m.code).join(', ')}`;
    throw new AppError('validation_failed', message, { fields: { 'basicInfo.market': message } });
  }
  return { market, priceLists };
}

/**
 * Every product the draft sells must have a price in its market's currency (an entered list the
 * product was never priced in): refused (400) naming the product and the currency.
 */
export function assertPricedInMarket(book: PriceBook, draft: DeckDraft, pricing: PricingContext) {
  const { unpriced, currency } = priceBookForMarket(book, pricing.market, pricing.priceLists);
  if (unpriced.length === 0) return;
  const fields: Record<string, string> = {};
  draft.productSelection.selectedProducts.forEach((selected, index) => {
    if (!unpriced.includes(selected.id)) return;
    const name = findProduct(book, selected.id)?.name ?? selected.id;
    fields[`productSelection.selectedProducts.${index}.id`] =
      `${name} has no price in ${currency}: enter its ${currency} prices in the price book, or choose another market.`;
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', Object.values(fields).join(' '), { fields });
  }
}

/** The same products priced in the context's market, for the deal desk and quotes. */
export function bookInMarket<B extends PriceBook>(book: B, pricing: PricingContext) {
  return priceBookForMarket(book, pricing.market, pricing.priceLists).book;
}

/** What the deck engine is told of the pricing: the market and lists it prices the deck with. */
export function enginePricing(pricing: PricingContext) {
  return { market: pricing.market, priceLists: pricing.priceLists };
}

/**
 * The deck inputs the rep gave must be within the chosen slides' bounds as the deck's market
 * states them: the library's dollar amounts converted at the market list's ratio to the dollar
 * over the products on sale (as step 3 shows them), so ¥1,800,000 is a yen deck's $12,000.
 * Refused (400) naming each input and its bound in the deck's currency.
 */
export function assertDeckInputsInMarket(
  slides: readonly { id: string; inputs?: readonly SlideInput[] | undefined }[],
  book: PriceBook,
  draft: DeckDraft,
  pricing: PricingContext,
) {
  const onSale = { products: book.products.filter((product) => product.active) };
  const { currency, dollarRatio } = priceBookForMarket(onSale, pricing.market, pricing.priceLists);
  const inputs = inputsInCurrency(
    deckInputsFor(slides, draft.templateCustomization.selectedSlides),
    dollarRatio,
  );
  const problems = checkDeckInputValues(inputs, draft.templateCustomization.inputValues, currency);
  const fields = Object.fromEntries(
    Object.entries(problems).map(([name, problem]) => [
      `templateCustomization.inputValues.${name}`,
      problem,
    ]),
  );
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', Object.values(fields).join(' '), { fields });
  }
}

/**
 * Checks a draft before its generation is queued: its market must be the portal's, each of its
 * products priced in that market's currency and its inputs within their bounds there (400
 * naming what is not).
 */
export async function assertDraftPriceable(
  services: Pick<Services, 'db' | 'clock' | 'currentLibrary'>,
  draft: DeckDraft,
) {
  const pricing = await pricingContextFor(services.db, draft);
  const { book } = await currentPriceBook(services.db, services.clock.now());
  assertPricedInMarket(book, draft, pricing);
  const { library } = await services.currentLibrary();
  assertDeckInputsInMarket(library.slides, book, draft, pricing);
}
