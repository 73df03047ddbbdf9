import {
  DEFAULT_MARKET,
  DEFAULT_MARKET_CODE,
  deckFigures,
  findMarket,
  priceBookForMarket,
  type DeckFigures,
  type ProductSelection,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { readMarkets, readPriceLists } from '../markets/market-store.ts';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';

/**
 * What the chosen slides' figures come to for a deck as step 3 has it (deck-figures.ts), from
 * the newest library and the price book in force: the rep sees the ROI follow the inputs and
 * what would look wrong.
 */
export async function computeDeckFigures(
  services: Pick<Services, 'db' | 'clock' | 'currentLibrary'>,
  request: {
    productSelection: ProductSelection;
    selectedSlides: readonly string[];
    inputValues: Readonly<Record<string, number>>;
    market?: string | undefined;
  },
): Promise<DeckFigures> {
  const { documents } = await services.currentLibrary();
  const { book } = await currentPriceBook(services.db, services.clock.now());
  // Priced as the deck will be (issue 50): its market's currency and tax, its money inputs
  // converted; a market the portal does not have is priced as the default one.
  const [markets, lists] = await Promise.all([
    readMarkets(services.db),
    readPriceLists(services.db),
  ]);
  const market = findMarket(markets, request.market ?? DEFAULT_MARKET_CODE) ?? DEFAULT_MARKET;
  const priced = priceBookForMarket(book, market, lists);
  return deckFigures(documents.slides as readonly TemplateSlideDocument[], priced.book, {
    ...request,
    terms: { currency: priced.currency, tax: market.tax },
    inputRatio: priced.dollarRatio,
  });
}
