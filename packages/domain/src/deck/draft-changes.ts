import type { DeckDraft, SelectedProduct } from './deck-draft.ts';
import { clientHeadline } from './client-headline.ts';
import { DECK_LOCALES, DEFAULT_DECK_LOCALE } from './locale.ts';
import { formatUsd, toCents } from './money.ts';
import type { ProductId } from './price-book.ts';

/** How a slide id reads to a rep; the template library knows the names, the domain does not. */
export type SlideNamer = (slideId: string) => string;
/** How a product id reads to a rep: the price book knows the names. */
export type ProductNamer = (productId: ProductId) => string;

const quoted = (text: string) => `“${text}”`;

/**
 * What changed between two drafts of one deck, one short sentence per change, in the order the
 * wizard asks for things: what the version list says under "what changed". Empty when the
 * drafts make the same deck.
 */
export function describeDraftChanges(
  before: DeckDraft,
  after: DeckDraft,
  slideName: SlideNamer = (id) => id,
  productName: ProductNamer = (id) => id,
): string[] {
  return [
    ...basicInfoChanges(before, after),
    ...productChanges(before.productSelection, after.productSelection, productName),
    ...slideChanges(before, after, slideName),
  ];
}

function localeLabel(locale: string): string {
  return DECK_LOCALES.find((known) => known.id === locale)?.label ?? locale;
}

function basicInfoChanges(before: DeckDraft, after: DeckDraft): string[] {
  const a = before.basicInfo;
  const b = after.basicInfo;
  const changes: string[] = [];
  if (a.deckTitle !== b.deckTitle)
    changes.push(`Title ${quoted(a.deckTitle)} → ${quoted(b.deckTitle)}`);
  if (a.clientName !== b.clientName)
    changes.push(`Client ${quoted(a.clientName)} → ${quoted(b.clientName)}`);
  const headlineBefore = clientHeadline(a);
  const headlineAfter = clientHeadline(b);
  if (headlineBefore !== headlineAfter && a.clientName === b.clientName)
    changes.push(`Headline ${quoted(headlineBefore)} → ${quoted(headlineAfter)}`);
  if (a.date !== b.date) changes.push(`Date ${a.date} → ${b.date}`);
  if (a.primaryContact !== b.primaryContact)
    changes.push(
      b.primaryContact ? `Client contact ${quoted(b.primaryContact)}` : 'Client contact removed',
    );
  const localeBefore = a.locale ?? DEFAULT_DECK_LOCALE;
  const localeAfter = b.locale ?? DEFAULT_DECK_LOCALE;
  if (localeBefore !== localeAfter)
    changes.push(`Dates and figures ${localeLabel(localeBefore)} → ${localeLabel(localeAfter)}`);
  return changes;
}

function productChanges(
  before: DeckDraft['productSelection'],
  after: DeckDraft['productSelection'],
  productName: ProductNamer,
): string[] {
  const changes: string[] = [];
  const old = new Map(before.selectedProducts.map((p) => [p.id, p]));
  const now = new Map(after.selectedProducts.map((p) => [p.id, p]));
  for (const product of after.selectedProducts) {
    const was = old.get(product.id);
    const name = productName(product.id);
    if (!was) {
      changes.push(`Added ${name} (${describeLine(product)})`);
      continue;
    }
    if (was.quantity !== product.quantity)
      changes.push(`${name}: quantity ${was.quantity} → ${product.quantity}`);
    if (toCents(was.customPricing) !== toCents(product.customPricing))
      changes.push(
        `${name}: unit price ${formatUsd(was.customPricing)} → ${formatUsd(product.customPricing)}`,
      );
    const textsBefore = JSON.stringify(before.customPricing[product.id] ?? {});
    const textsAfter = JSON.stringify(after.customPricing[product.id] ?? {});
    if (textsBefore !== textsAfter) changes.push(`${name}: pricing texts edited`);
  }
  for (const product of before.selectedProducts) {
    if (!now.has(product.id)) changes.push(`Removed ${productName(product.id)}`);
  }
  if (before.includePricing !== after.includePricing)
    changes.push(after.includePricing ? 'Pricing slides included' : 'Pricing slides left out');
  return changes;
}

function describeLine(product: SelectedProduct) {
  return `${product.quantity} × ${formatUsd(product.customPricing)}`;
}

function slideChanges(before: DeckDraft, after: DeckDraft, slideName: SlideNamer): string[] {
  const changes: string[] = [];
  const oldSlides = new Set(before.templateCustomization.selectedSlides);
  const newSlides = new Set(after.templateCustomization.selectedSlides);
  const added = [...newSlides].filter((id) => !oldSlides.has(id)).map(slideName);
  const removed = [...oldSlides].filter((id) => !newSlides.has(id)).map(slideName);
  if (added.length > 0) changes.push(`Slides added: ${added.join(', ')}`);
  if (removed.length > 0) changes.push(`Slides removed: ${removed.join(', ')}`);

  const oldCustom = new Map(before.templateCustomization.customSlides.map((s) => [s.id, s]));
  const newCustom = new Map(after.templateCustomization.customSlides.map((s) => [s.id, s]));
  let addedCustom = 0;
  let editedCustom = 0;
  for (const [id, slide] of newCustom) {
    const was = oldCustom.get(id);
    if (!was) addedCustom += 1;
    else if (JSON.stringify(was) !== JSON.stringify(slide)) editedCustom += 1;
  }
  const removedCustom = [...oldCustom.keys()].filter((id) => !newCustom.has(id)).length;
  if (addedCustom > 0) changes.push(`${countOf(addedCustom, 'custom slide')} added`);
  if (editedCustom > 0) changes.push(`${countOf(editedCustom, 'custom slide')} edited`);
  if (removedCustom > 0) changes.push(`${countOf(removedCustom, 'custom slide')} removed`);
  const order = (draft: DeckDraft) =>
    draft.templateCustomization.customSlides
      .map((s) => s.id)
      .filter((id) => oldCustom.has(id) && newCustom.has(id))
      .join();
  if (order(before) !== order(after)) changes.push('Custom slides reordered');
  return changes;
}

function countOf(count: number, noun: string) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
