import type { DeckPriceBook, TemplateLibraryDocuments } from '@deck-portal/domain';
import type { Services } from '../services.ts';
import { libraryVersionDocuments } from '../library/library-versions.ts';
import { currentPriceBook, recordPriceBook } from '../price-book/price-book.ts';
import { PRICED_BEFORE_MARKETS, type PricingContext } from '../markets/pricing-context.ts';
import type { DeckVersionRow } from './deck-versions.ts';

/** A library version's documents, by number: what an edited deck's brand, fonts and parts are. */
export type LibraryVersionDocuments = { number: number; documents: TemplateLibraryDocuments };

/**
 * The library and prices a version is drawn again with (a restore, an edit of it): those it was
 * drawn from, so its brand, fonts and figures stay as the client saw them; the current ones for a
 * version made before decks recorded them. Its market and price lists too (the rate it was
 * priced at), the US in dollars for a version made before markets.
 */
export async function versionSources(
  services: Pick<Services, 'db' | 'clock' | 'currentLibrary'>,
  version: Pick<DeckVersionRow, 'libraryVersion' | 'priceBook' | 'pricingContext' | 'draft'>,
): Promise<{
  library: LibraryVersionDocuments;
  priceBook: DeckPriceBook;
  pricing: PricingContext;
}> {
  const current = await services.currentLibrary();
  const documents =
    version.libraryVersion === null || version.libraryVersion === current.number
      ? undefined
      : await libraryVersionDocuments(services.db, version.libraryVersion);
  const library = documents
    ? { number: version.libraryVersion!, documents }
    : { number: current.number, documents: current.documents };
  const priceBook =
    version.priceBook ??
    recordPriceBook(
      (await currentPriceBook(services.db, services.clock.now())).entries,
      version.draft.productSelection.selectedProducts.map((product) => product.id),
    );
  return { library, priceBook, pricing: version.pricingContext ?? PRICED_BEFORE_MARKETS };
}
