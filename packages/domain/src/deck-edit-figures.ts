import type { FigureChange } from './deck-edit-api.ts';
import { editedSlideTitle, keptInOrder } from './deck-edit-compare.ts';
import { findFigures, isSameFigure, type ShownFigure } from './deck-edit-figure-reading.ts';
import {
  elementWords,
  showsQuoteFigures,
  type EditedDeck,
  type EditedSlide,
} from './deck-edits.ts';
import { DEFAULT_DECK_LOCALE, formatNumber } from './deck/locale.ts';
import { formatUsd } from './deck/money.ts';
import type { QuoteSummary } from './deck/quote-summary.ts';
import type { TemplateElement } from './template-format/elements.ts';

/**
 * The figures of an edited deck's priced slides against the quote (issue 49): read back from a
 * PowerPoint file, listed where they differ, and kept as the quote's when the rep chooses so.
 * Priced slides are the version's (`priced` of the slide before); a figure's place is its
 * element's (see {@link pairElements}), its table cell, and its rank among its text's figures.
 */

/** A priced line of the deck's quote, in the price book's dollars. */
export interface QuotedProduct {
  id: string;
  name: string;
  quantity: number;
  unitPrice: number;
}

/** What the deck's priced slides show of its quote, and the locale they write figures in. */
export interface QuoteFigures {
  locale?: string;
  products: readonly QuotedProduct[];
}

/** The quote's lines as the figures an edited deck is read against. */
export function quoteFiguresOf(summary: QuoteSummary, locale?: string): QuoteFigures {
  return {
    ...(locale ? { locale } : {}),
    products: summary.lines.map((line) => ({
      id: line.productId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPriceCents / 100,
    })),
  };
}

type ProductField = NonNullable<FigureChange['product']>['field'];

/** How a slide writes a product's unit price and quantity: `$5,995.00`, `12`. */
export function quotedFigureText(product: QuotedProduct, field: ProductField, locale?: string) {
  return field === 'unitPrice'
    ? formatUsd(product.unitPrice, locale)
    : formatNumber(product.quantity, locale);
}

/**
 * Which element of `after` each element of `before` is: the one with the same id; else, among
 * the elements of its kind, the one saying the same (in order), and between two of those the
 * one at the same rank (the second table with the second table). So a shape, a picture or a
 * text added or taken away does not move the other figures' places. Pairs in `after`'s order,
 * then `before`'s elements left unmatched.
 */
export function pairElements(
  before: readonly TemplateElement[],
  after: readonly TemplateElement[],
): [number | undefined, number | undefined][] {
  const byId = new Map<string, number>();
  before.forEach((element, i) => {
    if (element.id !== undefined) byId.set(`${element.kind}:${element.id}`, i);
  });
  const match = new Map<number, number>();
  after.forEach((element, j) => {
    const i = element.id === undefined ? undefined : byId.get(`${element.kind}:${element.id}`);
    if (i !== undefined) match.set(j, i);
  });
  const taken = new Set(match.values());
  const kinds = new Set(after.map((element) => element.kind));
  for (const kind of kinds) {
    const old = before.flatMap((element, i) => (element.kind === kind && !taken.has(i) ? [i] : []));
    const now = after.flatMap((element, j) => (element.kind === kind && !match.has(j) ? [j] : []));
    const content = (list: readonly TemplateElement[], places: number[]) =>
      places.map((place) => figureContent(list[place]!));
    const kept = keptInOrder(content(before, old), content(after, now));
    // The elements between two saying the same are paired by rank.
    let a = 0;
    let b = 0;
    while (a < old.length || b < now.length) {
      if (kept && a < old.length && b < now.length && kept.inA[a] && kept.inB[b]) {
        match.set(now[b]!, old[a]!);
        a += 1;
        b += 1;
        continue;
      }
      let gapA = a;
      let gapB = b;
      while (gapA < old.length && !kept?.inA[gapA]) gapA += 1;
      while (gapB < now.length && !kept?.inB[gapB]) gapB += 1;
      for (let k = 0; k < Math.min(gapA - a, gapB - b); k++) match.set(now[b + k]!, old[a + k]!);
      if (gapA === a && gapB === b) break;
      a = gapA;
      b = gapB;
    }
  }
  const paired = new Set(match.values());
  return [
    ...after.map((_, j): [number | undefined, number] => [match.get(j), j]),
    ...before.flatMap((_, i): [number, undefined][] => (paired.has(i) ? [] : [[i, undefined]])),
  ];
}

/** What the figure-showing part of an element says: its words, or its data for a chart. */
function figureContent(element: TemplateElement): string {
  if (element.kind === 'chart' || element.kind === 'quote') {
    const { x: _x, y: _y, w: _w, h: _h, ...content } = element;
    return JSON.stringify(content);
  }
  return elementWords(element);
}

/**
 * `after` with the quote's figures: on each slide the version prices, every element that shows
 * quote figures (in either deck) is the version's again, at its place in `after`; one added
 * that shows figures is left out. An element showing figures that the rep took away stays
 * away, and a priced slide the version does not have is kept as it is (see
 * {@link changedQuoteFigures}, which names it).
 */
export function keepQuoteFigures(before: EditedDeck, after: EditedDeck): EditedDeck {
  const versions = new Map(before.slides.map((slide) => [slide.key, slide]));
  return {
    slides: after.slides.map((slide) => {
      const version = versions.get(slide.key);
      if (!version?.priced) return slide;
      const old = version.document.elements;
      const now = slide.document.elements;
      const elements = pairElements(old, now).flatMap(([i, j]) => {
        if (j === undefined) return [];
        const element = now[j]!;
        if (i === undefined) return showsQuoteFigures(version, element) ? [] : [element];
        const original = old[i]!;
        const isFigure =
          showsQuoteFigures(version, original) || showsQuoteFigures(version, element);
        return [isFigure ? original : element];
      });
      return { ...slide, document: { ...slide.document, elements } };
    }),
  };
}

/**
 * For the online editor's save: a sentence for each slide whose figures are not the quote's,
 * in the deck's order: a slide the version prices whose figure-showing elements say other
 * figures (or one more), and a priced slide the version does not have. Empty when
 * {@link keepQuoteFigures} would change nothing of what they say.
 */
export function changedQuoteFigures(before: EditedDeck, after: EditedDeck): string[] {
  const versions = new Map(before.slides.map((slide) => [slide.key, slide]));
  return after.slides.flatMap((slide) => {
    const title = `“${editedSlideTitle(slide)}”`;
    const version = versions.get(slide.key);
    if (!version) {
      return slide.priced
        ? [
            `${title}: a new slide showing the quote's figures; add products and prices with Modify.`,
          ]
        : [];
    }
    if (!version.priced) return [];
    const old = version.document.elements;
    const now = slide.document.elements;
    const isChanged = pairElements(old, now).some(([i, j]) => {
      if (j === undefined) return false;
      const element = now[j]!;
      if (i === undefined) return showsQuoteFigures(version, element);
      const original = old[i]!;
      return (
        (showsQuoteFigures(version, original) || showsQuoteFigures(version, element)) &&
        figureContent(original) !== figureContent(element)
      );
    });
    return isChanged
      ? [`${title}: its figures are the quote's; change prices and quantities with Modify.`]
      : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Figures read back

/** The product a piece of words names: the one whose name it holds (the longest such name). */
function productNamedIn(words: string, quote: QuoteFigures): QuotedProduct | undefined {
  const lower = words.toLocaleLowerCase('en-US');
  let found: QuotedProduct | undefined;
  for (const product of quote.products) {
    const name = product.name.toLocaleLowerCase('en-US');
    if (name !== '' && lower.includes(name) && name.length > (found?.name.length ?? 0)) {
      found = product;
    }
  }
  return found;
}

/**
 * The product a slide is about: the one its key is drawn for (`pricing-battery_backup`), else
 * the one its heading or title names.
 */
function slideProduct(slide: EditedSlide, quote: QuoteFigures): QuotedProduct | undefined {
  const drawnFor = quote.products
    .filter((product) => slide.key.endsWith(`-${product.id}`))
    .sort((a, b) => b.id.length - a.id.length)[0];
  return drawnFor ?? productNamedIn(editedSlideTitle(slide), quote);
}

/** Which of a product's fields a label names: "Unit price", "Your price"; "Qty", "Quantity". */
function fieldNamedBy(label: string): ProductField | undefined {
  const words = label.toLocaleLowerCase('en-US');
  if (/\bprice\b/.test(words) && !/\b(list|total|net|effective|msrp)\b/.test(words)) {
    return 'unitPrice';
  }
  return /\b(qty|quantity|quantities|units?)\b/.test(words) ? 'quantity' : undefined;
}

const hasLetters = (text: string) => /\p{L}/u.test(text);

/** Where a line of words starts another part: "Sites: 1 · cold spaces per site: 50". */
const PART_BREAK = /\s[·•|]\s|;\s/;

/**
 * A label cleaned of figures, brackets left empty and the marks around it; short. `first` keeps
 * the start of a label that stands on its own (a row's, a caption's: "Estimated credit on
 * Battery Backup, subject to tax advice" → its first clause); `last` the end of the words just
 * before a figure.
 */
function cleanLabel(text: string, locale: string, keep: 'first' | 'last' = 'first'): string {
  let label = text;
  for (const figure of findFigures(text, locale).reverse()) {
    label = label.slice(0, figure.start) + label.slice(figure.end);
  }
  const parts = label
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .split(PART_BREAK)
    .filter(hasLetters);
  const words = (keep === 'first' ? (parts[0]?.split(/,\s/)[0] ?? '') : (parts.at(-1) ?? ''))
    .replace(/^[\s:·•–—\-,;=|]+|[\s:·•–—\-,;=|]+$/g, '')
    .split(' ')
    .filter((word) => word !== '');
  label = (keep === 'first' ? words.slice(0, 8) : words.slice(-8)).join(' ');
  // A kicker in capitals ("YOUR TOTAL") reads as a sentence.
  if (hasLetters(label) && label === label.toLocaleUpperCase('en-US')) {
    label = label.charAt(0) + label.slice(1).toLocaleLowerCase('en-US');
  }
  return hasLetters(label) ? label : '';
}

const upperFirst = (label: string) => label.charAt(0).toLocaleUpperCase('en-US') + label.slice(1);

/** A label put after a name ("Battery Backup total you pay"): its first letter small. */
function afterName(label: string): string {
  const isAcronym = /^\p{Lu}\p{Lu}/u.test(label);
  return isAcronym ? label : label.charAt(0).toLocaleLowerCase('en-US') + label.slice(1);
}

const boxOf = (element: TemplateElement) =>
  'w' in element && 'x' in element
    ? { x: element.x, y: element.y, w: element.w, h: element.h }
    : undefined;

/** The words of the nearest text of the slide that has no figures: a figure's caption. */
function nearestCaption(
  elements: readonly TemplateElement[],
  of: TemplateElement,
  locale: string,
): string {
  const box = boxOf(of);
  if (!box) return '';
  let best = { label: '', distance: Infinity };
  for (const element of elements) {
    const other = boxOf(element);
    if (element === of || element.kind !== 'text' || !other) continue;
    const words = elementWords(element);
    if (!hasLetters(words) || findFigures(words, locale).length > 0) continue;
    const dx = Math.max(0, other.x - (box.x + box.w), box.x - (other.x + other.w));
    const dy = Math.max(0, other.y - (box.y + box.h), box.y - (other.y + other.h));
    const distance = Math.hypot(dx, dy);
    if (distance < best.distance) best = { label: cleanLabel(words, locale), distance };
  }
  return best.label;
}

/** A figure of a text labelled by the words before it on its line, else after it. */
function textFigureLabel(words: string, figure: ShownFigure, locale: string): string {
  const lineStart = words.lastIndexOf('\n', figure.start - 1) + 1;
  const lineEnd = words.indexOf('\n', figure.end);
  const before = cleanLabel(words.slice(lineStart, figure.start), locale, 'last');
  if (before) return before;
  return cleanLabel(words.slice(figure.end, lineEnd === -1 ? undefined : lineEnd), locale);
}

interface FigurePlace {
  /** What the figure is, without the product the slide is about. */
  label: string;
  /** The product its row or words name. */
  product: QuotedProduct | undefined;
  /** Whose field its label or column names. */
  field: ProductField | undefined;
}

interface SlideReading {
  slide: EditedSlide;
  slideProduct: QuotedProduct | undefined;
  quote: QuoteFigures;
  locale: string;
}

/**
 * The figures that differ between two texts at the same rank; a figure taken out is a word taken
 * out (the comparison lists it), not a figure shown differently.
 */
function differingFigures(
  old: string,
  now: string,
  locale: string,
): { figure: ShownFigure; shown: ShownFigure; rank: number }[] {
  if (old === now) return [];
  const shown = findFigures(now, locale);
  return findFigures(old, locale).flatMap((figure, rank) => {
    const other = shown[rank];
    return other && !isSameFigure(figure, other) ? [{ figure, shown: other, rank }] : [];
  });
}

function tableChanges(
  reading: SlideReading,
  old: Extract<TemplateElement, { kind: 'table' }>,
  now: Extract<TemplateElement, { kind: 'table' }>,
): { place: FigurePlace; figure: ShownFigure; shown: ShownFigure }[] {
  const { locale, quote } = reading;
  const grid = (table: typeof old) => [...(table.header ? [table.header] : []), ...table.rows];
  const oldGrid = grid(old);
  const newGrid = grid(now);
  // A first row of words only heads the columns of a table wider than label and value, whether
  // or not the table says it is a header.
  const first = oldGrid[0];
  const header =
    old.header ??
    (first &&
    oldGrid.length > 1 &&
    first.length >= 3 &&
    first.filter(hasLetters).length >= 2 &&
    first.every((cell) => findFigures(cell, locale).length === 0)
      ? first
      : undefined);
  return oldGrid.flatMap((row, r) =>
    row.flatMap((cell, c) =>
      differingFigures(cell, newGrid[r]?.[c] ?? '', locale).map(({ figure, shown }) => {
        // The row's words: a cell without figures, else one with words ("Credit (30%)").
        const worded = (other: string, k: number) => k !== c && hasLetters(other);
        const plainColumn = row.findIndex(
          (other, k) => worded(other, k) && findFigures(other, locale).length === 0,
        );
        const labelColumn = plainColumn === -1 ? row.findIndex(worded) : plainColumn;
        const rowLabel = labelColumn === -1 ? '' : cleanLabel(row[labelColumn]!, locale);
        const columnLabel = header && r > 0 ? cleanLabel(header[c] ?? '', locale) : '';
        // A row whose only figure is this one (a total across the columns) is named by its label.
        const isTotalRow = row.every((other, k) => k === c || k === labelColumn || other === '');
        const label =
          !columnLabel || isTotalRow
            ? rowLabel || cleanLabel(cell, locale)
            : rowLabel
              ? `${rowLabel} ${afterName(columnLabel)}`
              : columnLabel;
        const product = productNamedIn(rowLabel, quote);
        return {
          place: {
            label,
            product,
            field: fieldNamedBy(columnLabel || rowLabel),
          },
          figure,
          shown,
        };
      }),
    ),
  );
}

function textChanges(
  reading: SlideReading,
  old: TemplateElement,
  now: TemplateElement,
): { place: FigurePlace; figure: ShownFigure; shown: ShownFigure }[] {
  const { locale, quote, slide } = reading;
  const words = elementWords(old);
  return differingFigures(words, elementWords(now), locale).map(({ figure, shown }) => {
    const label =
      textFigureLabel(words, figure, locale) ||
      nearestCaption(slide.document.elements, old, locale);
    return {
      place: { label, product: productNamedIn(label, quote), field: fieldNamedBy(label) },
      figure,
      shown,
    };
  });
}

/**
 * The product field a changed figure is: the label names a unit price (money) or a quantity (a
 * plain number), the row or the slide names the product, and the version showed the quote's
 * value there (so a list price or an amount that happens to be labelled alike is not one).
 */
function productField(
  place: FigurePlace,
  product: QuotedProduct | undefined,
  figure: ShownFigure,
  shown: ShownFigure,
): FigureChange['product'] {
  const { field } = place;
  if (!product || !field || shown.value === undefined || figure.value === undefined) return;
  if (field === 'unitPrice') {
    if (figure.kind !== 'money' || shown.kind !== 'money') return;
    if (Math.round(figure.value * 100) !== Math.round(product.unitPrice * 100)) return;
    return { id: product.id, field, value: Math.round(shown.value * 100) / 100 };
  }
  if (figure.kind !== 'number' || shown.kind !== 'number' || figure.value !== product.quantity) {
    return;
  }
  return { id: product.id, field, value: shown.value };
}

const FIELD_WORDS: Readonly<Record<ProductField, string>> = {
  unitPrice: 'unit price',
  quantity: 'quantity',
};

/**
 * The figures of the version's priced slides that `after` shows differently at the same place,
 * in the deck's order: labelled as a person says them ("Battery Backup unit price", "Total you
 * pay"), with the figure in the file and in the quote (as the version shows it). A changed unit
 * price or quantity of a quoted product names it with the number read from the file, in the
 * deck's locale; totals and other figures follow from those and name no product. Slides hidden
 * in the file show no figures; charts are not read.
 */
export function figureChanges(
  before: EditedDeck,
  after: EditedDeck,
  quote: QuoteFigures,
): FigureChange[] {
  const locale = quote.locale ?? DEFAULT_DECK_LOCALE;
  const versions = new Map(before.slides.map((slide) => [slide.key, slide]));
  return after.slides.flatMap((slide) => {
    const version = versions.get(slide.key);
    if (!version?.priced || slide.hidden) return [];
    const reading: SlideReading = {
      slide: version,
      slideProduct: slideProduct(version, quote),
      quote,
      locale,
    };
    const old = version.document.elements;
    const now = slide.document.elements;
    const slideTitle = editedSlideTitle(version);
    return pairElements(old, now).flatMap(([i, j]) => {
      if (i === undefined || j === undefined) return [];
      const original = old[i]!;
      const element = now[j]!;
      if (original.kind === 'chart' || original.kind === 'quote') return [];
      const changes =
        original.kind === 'table' && element.kind === 'table'
          ? tableChanges(reading, original, element)
          : textChanges(reading, original, element);
      return changes.map(({ place, figure, shown }): FigureChange => {
        const product = place.product ?? reading.slideProduct;
        const field = productField(place, product, figure, shown);
        const named =
          place.label && product && !place.label.includes(product.name)
            ? `${product.name} ${afterName(place.label)}`
            : upperFirst(place.label) || `${slideTitle} figure`;
        return {
          slideTitle,
          label: field && product ? `${product.name} ${FIELD_WORDS[field.field]}` : named,
          inFile: shown.text,
          inQuote: field && product ? quotedFigureText(product, field.field, locale) : figure.text,
          ...(field ? { product: field } : {}),
        };
      });
    });
  });
}

/** The unit prices and quantities a file sets for the quote's products. */
export interface ProductFigureEdits {
  /** By product id: the fields the file changes, with the numbers it says. */
  products: Record<string, { unitPrice?: number; quantity?: number }>;
  /** A field the file says two ways (one slide one price, another another), a sentence each. */
  conflicts: string[];
}

/**
 * What the figures read back ask of the quote: each product's changed unit price and quantity,
 * once however many slides show it; a field the slides disagree on is a conflict, not an edit.
 */
export function productFigureEdits(changes: readonly FigureChange[]): ProductFigureEdits {
  const seen = new Map<string, FigureChange[]>();
  for (const change of changes) {
    if (!change.product) continue;
    const key = `${change.product.id}\n${change.product.field}`;
    seen.set(key, [...(seen.get(key) ?? []), change]);
  }
  const products: ProductFigureEdits['products'] = {};
  const conflicts: string[] = [];
  for (const found of seen.values()) {
    const { id, field, value } = found[0]!.product!;
    const values = new Set(found.map((change) => change.product!.value));
    if (values.size > 1) {
      const shown = [...new Set(found.map((change) => change.inFile))].join(', ');
      conflicts.push(`${found[0]!.label} is shown differently on different slides: ${shown}.`);
      continue;
    }
    products[id] = { ...products[id], [field]: value };
  }
  return { products, conflicts };
}
