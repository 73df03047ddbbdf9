import {
  checkSlideFigures,
  quoteSummary,
  type DeckFigures,
  type FigureRole,
  type ProductSelection,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { currentPriceBook } from '../price-book/price-book.ts';
import type { Services } from '../services.ts';

/**
 * What the chosen slides' figures come to for a deck as step 3 has it — its products at the
 * rep's prices (a quote only when it shows pricing, as the deck is drawn), the deck inputs, else
 * their defaults — from the newest library and the price book in force, and the findings of
 * figure-plausibility.ts, so the rep sees the ROI follow the inputs and what would look wrong.
 */
export async function computeDeckFigures(
  services: Pick<Services, 'db' | 'clock' | 'currentLibrary'>,
  {
    productSelection,
    selectedSlides,
    inputValues,
  }: {
    productSelection: ProductSelection;
    selectedSlides: readonly string[];
    inputValues: Readonly<Record<string, number>>;
  },
): Promise<DeckFigures> {
  const { documents } = await services.currentLibrary();
  const { book } = await currentPriceBook(services.db, services.clock.now());
  const quote = productSelection.includePricing ? quoteSummary(productSelection, book) : undefined;
  const quantities: Record<string, number> = Object.fromEntries(
    book.products.map((product) => [product.id, 0]),
  );
  for (const selected of productSelection.selectedProducts) {
    quantities[selected.id] = selected.quantity;
  }
  const chosen = new Set(selectedSlides);
  const result: DeckFigures = { slides: [], findings: [] };
  for (const slide of documents.slides as readonly TemplateSlideDocument[]) {
    if (!chosen.has(slide.id) || slide.retired || !slide.figures) continue;
    const { values, findings } = checkSlideFigures(slide, { quote, quantities, inputValues });
    result.findings.push(...findings);
    const roles = Object.entries(slide.figureRoles ?? {}) as [string, FigureRole][];
    if (roles.length === 0) continue;
    result.slides.push({
      slideId: slide.id,
      title: slide.title,
      figures: roles.map(([name, role]) => ({
        name,
        role,
        value: values[`figure.${name}`] ?? null,
      })),
    });
  }
  return result;
}
