import type { FigureRole, TemplateSlideDocument } from '../template-format/index.ts';
import type { ProductSelection } from './deck-draft.ts';
import { checkSlideFigures } from './figure-plausibility.ts';
import { inputsInCurrency } from '../slide-inputs.ts';
import type { PriceBook } from './price-book.ts';
import type { PricingTerms } from './pricing.ts';
import { quoteSummary } from './quote-summary.ts';
import type { DeckFigures } from './template-library.ts';

/**
 * What the chosen slides' figures come to for a deck — its products at the rep's prices (a
 * quote only when it shows pricing, as the deck is drawn), its inputs, else their defaults —
 * and the findings of figure-plausibility.ts: for step 3 as the rep types, and for a generated
 * version's preflight.
 */
export function deckFigures(
  slides: readonly TemplateSlideDocument[],
  book: PriceBook,
  {
    productSelection,
    selectedSlides,
    inputValues = {},
    terms = {},
    inputRatio,
  }: {
    productSelection: ProductSelection;
    selectedSlides: readonly string[];
    inputValues?: Readonly<Record<string, number>> | undefined;
    /** The deck's currency and tax (`book` being in that currency); US dollars when absent. */
    terms?: Pick<PricingTerms, 'currency' | 'tax'> | undefined;
    /** Units of that currency per US dollar: the money inputs' defaults converted (issue 50). */
    inputRatio?: number | undefined;
  },
): DeckFigures {
  const quote = productSelection.includePricing
    ? quoteSummary(productSelection, book, terms)
    : undefined;
  const quantities: Record<string, number> = Object.fromEntries(
    book.products.map((product) => [product.id, 0]),
  );
  for (const selected of productSelection.selectedProducts) {
    quantities[selected.id] = selected.quantity;
  }
  const chosen = new Set(selectedSlides);
  const result: DeckFigures = { slides: [], findings: [] };
  for (const slide of slides) {
    if (!chosen.has(slide.id) || slide.retired || !slide.figures) continue;
    const { values, findings } = checkSlideFigures(
      { ...slide, inputs: inputsInCurrency(slide.inputs, inputRatio) },
      { quote, quantities, inputValues },
    );
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
