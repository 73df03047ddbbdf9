// What template elements drew, kept for the next slides and decks by what else it depended on.

import type { TemplateElement } from '@deck-portal/domain';

/**
 * What each template element made in each look it was drawn in lately: the look is what the
 * drawing depended on besides the element (its colours: the slide's category, the categories,
 * the brand; the deck's words; the family in force). A part is drawn on slides of every
 * category, so an element keeps several looks' at once.
 */
export class KeptByLook<T> {
  private readonly kept = new WeakMap<TemplateElement, { look: readonly unknown[]; value: T }[]>();

  get(element: TemplateElement, look: readonly unknown[]): T | undefined {
    return this.kept.get(element)?.find((entry) => sameLook(entry.look, look))?.value;
  }

  set(element: TemplateElement, look: readonly unknown[], value: T): void {
    const entries = this.kept.get(element) ?? [];
    const at = entries.findIndex((entry) => sameLook(entry.look, look));
    if (at >= 0) entries.splice(at, 1);
    // The latest first; a long-running worker drawing many brands keeps the recent looks.
    entries.unshift({ look, value });
    if (entries.length > LOOKS_KEPT) entries.pop();
    this.kept.set(element, entries);
  }
}

const LOOKS_KEPT = 16;

function sameLook(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
