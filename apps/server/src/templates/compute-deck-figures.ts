import {
  deckFigures,
  type DeckFigures,
  type ProductSelection,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
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
  },
): Promise<DeckFigures> {
  const { documents } = await services.currentLibrary();
  const { book } = await currentPriceBook(services.db, services.clock.now());
  return deckFigures(documents.slides as readonly TemplateSlideDocument[], book, request);
}
