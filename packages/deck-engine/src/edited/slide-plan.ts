import {
  findBindings,
  type PlannedSlideKey,
  type TemplateSlideDocument,
} from '@deck-portal/domain';

/** Bindings whose words are the deck's quote: its totals, or a priced product's pricing texts. */
const isQuoteBinding = (path: string) => path.startsWith('quote.') || path.startsWith('pricing.');

/**
 * Whether a template slide shows figures of the deck's quote: it computes figures from it, binds
 * its totals or a product's pricing, or draws the quote's table. Such a slide of a version is
 * priced (see `showsQuoteFigures`): its figures are shown, not typed.
 */
export function computesFromQuote(
  document: Pick<TemplateSlideDocument, 'figures' | 'heading' | 'subheading' | 'elements'>,
): boolean {
  if (document.figures && Object.keys(document.figures).length > 0) return true;
  // Every text of the slide at once, its repeats' and charts' included: bindings survive JSON.
  const texts = JSON.stringify([document.heading, document.subheading, document.elements]);
  if (texts.includes('"kind":"quote"')) return true;
  return findBindings(texts).some(({ path }) => isQuoteBinding(path));
}

/**
 * The plan of a version's files: each drawn slide's key and whether it is priced, in order. Keys
 * are the slides' ids; one met again (a custom slide named like a template slide) is told apart
 * by a count, so each key names one slide.
 */
export function slidePlanOf(
  slides: readonly { id: string; priced?: boolean | undefined }[],
): PlannedSlideKey[] {
  const taken = new Set<string>();
  return slides.map(({ id, priced }) => {
    let key = id;
    for (let n = 2; taken.has(key); n += 1) key = `${id}-${n}`;
    taken.add(key);
    return { key, priced: priced === true };
  });
}
