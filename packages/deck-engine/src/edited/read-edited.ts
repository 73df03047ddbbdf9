import { createHash } from 'node:crypto';
import {
  DECK_PICTURE_PREFIX,
  describeTemplateProblems,
  editedDeckSchema,
  MAX_EDITED_SLIDES,
  type EditedDeck,
  type EditedSlide,
  type PlannedSlideKey,
  type TemplateElement,
} from '@deck-portal/domain';
import { importPptx, type ImportedSlide } from '../import/import-pptx.ts';
import { brandTypeface, type BrandDefinition } from '../library/brand.ts';
import {
  planIndexOf,
  readDeckIdentity,
  readSlideKeys,
  slideIdScheme,
  type DeckIdentity,
} from './deck-identity.ts';

// A deck's own PowerPoint file, maybe changed in PowerPoint or Keynote, read back as an edited
// deck (issue 49) by the same importer the library's imports use: each slide a template
// document, told by its slide id as the version's slide it was (or as one added), its pictures
// addressed by their content.

export interface ReadEditedOptions {
  /** The plan of the version the file was made from: each slide's key and whether it is priced. */
  slidePlan?: readonly PlannedSlideKey[];
  /**
   * The version the plan is of, when the caller knows: its slides are then told by their ids
   * even in a file that lost its custom properties. The file's own identity when left out.
   */
  planOf?: DeckIdentity;
  /** The library's brand, for its font (its files by address in `files`). */
  brand?: Pick<BrandDefinition, 'font'>;
  files?: Readonly<Record<string, Uint8Array>>;
  /** Told after each slide is read, with how many there are. */
  onProgress?: (done: number, total: number) => void;
}

export type ReadEditedResult =
  | {
      ok: true;
      edited: EditedDeck;
      /** The pictures the slides show, by their addresses (`deck-picture:{sha256}`). */
      pictures: Record<string, Uint8Array>;
      /** The deck and version the file says it is; null when it says none. */
      identity: DeckIdentity | null;
      slideCount: number;
      /**
       * What the importer could not keep, a line per slide and reason (`Slide 4: a SmartArt
       * diagram was left out: …`): what a person added that the engine does not draw.
       */
      leftOut: string[];
    }
  | { ok: false; reason: string };

/** A document id the format takes (at most 64 characters), from a slide's key. */
function documentIdOf(key: string, taken: Set<string>): string {
  const base = `edited-${key}`.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60);
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base.slice(0, 60 - String(n).length)}-${n}`;
  taken.add(id);
  return id;
}

/** A picture's address by its content: the same picture is one file however often it is shown. */
function pictureAddress(bytes: Uint8Array): string {
  return `${DECK_PICTURE_PREFIX}${createHash('sha256').update(bytes).digest('hex')}`;
}

function withPictureAddresses(
  elements: readonly TemplateElement[],
  addresses: ReadonlyMap<string, string>,
): TemplateElement[] {
  return elements.map((element) => {
    if (element.kind === 'picture' && addresses.has(element.src)) {
      return { ...element, src: addresses.get(element.src)! };
    }
    if (element.kind === 'repeat') {
      return {
        ...element,
        elements: withPictureAddresses(element.elements, addresses) as typeof element.elements,
      };
    }
    return element;
  });
}

/** Where a slide's number sits in the footer: the bottom right, in a box of its own. */
const isFooterCorner = ({ x, y, w, h }: { x: number; y: number; w: number; h: number }) =>
  y >= 480 && y + h <= 560 && x >= 640 && w <= 200 && h <= 40;

/**
 * The slide's number in the footer bound again (`{{slide.number}}`): written out as the file has
 * it, a slide moved, hidden or added would show the number of its old place.
 */
function withPageNumbers(elements: readonly TemplateElement[]): TemplateElement[] {
  return elements.map((element) => {
    if (element.kind !== 'text' || !isFooterCorner(element)) return element;
    const { text } = element;
    const paragraphs = typeof text === 'string' ? [text] : text;
    if (paragraphs.length !== 1 || typeof paragraphs[0] !== 'string') return element;
    if (!/^\d{1,3}$/.test(paragraphs[0].trim())) return element;
    return {
      ...element,
      text: typeof text === 'string' ? '{{slide.number}}' : ['{{slide.number}}'],
    };
  });
}

/**
 * Each slide's key: the plan's for a slide its id says it is, else for the slide its shapes are
 * marked as (an office suite that renumbered the ids), `added-{n}` for the others. A plan's slide
 * is told once: a copy of it (a duplicated slide) is an added one, priced when the slide it was
 * copied from is (its figures are still the quote's to check).
 */
function keysOf(
  slides: readonly ImportedSlide[],
  plan: readonly PlannedSlideKey[],
  identity: DeckIdentity | null | undefined,
  /** The key each slide's shapes are marked with, in file order (read only when needed). */
  markedKeys: () => readonly (string | undefined)[],
): PlannedSlideKey[] {
  const scheme = slideIdScheme(identity);
  const taken = new Set(plan.map(({ key }) => key));
  const told = new Set<number>();
  const planned: (number | undefined)[] = slides.map((slide) => {
    const index =
      slide.slideId === undefined ? undefined : planIndexOf(scheme, slide.slideId, plan.length);
    if (index === undefined || told.has(index)) return undefined;
    told.add(index);
    return index;
  });
  const byKey = new Map(plan.map(({ key }, index) => [key, index]));
  const marked = told.size < slides.length && plan.length > 0 ? markedKeys() : [];
  slides.forEach((slide, i) => {
    const index = byKey.get(marked[slide.number - 1] ?? '');
    if (planned[i] !== undefined || index === undefined || told.has(index)) return;
    told.add(index);
    planned[i] = index;
  });
  return slides.map((slide, i) => {
    const known = planned[i];
    if (known !== undefined) return { ...plan[known]! };
    let n = slide.number;
    while (taken.has(`added-${n}`)) n += 1;
    taken.add(`added-${n}`);
    const copied = byKey.get(marked[slide.number - 1] ?? '');
    return { key: `added-${n}`, priced: copied !== undefined && plan[copied]!.priced };
  });
}

/**
 * Reads a PowerPoint file back as an edited deck, never throwing: what is not a readable
 * presentation, or not one an edited deck can be, is refused with a reason a person can act on.
 */
export async function readEditedDeck(
  bytes: Uint8Array,
  { slidePlan = [], planOf, brand, files, onProgress }: ReadEditedOptions = {},
): Promise<ReadEditedResult> {
  const houseFont = brand ? brandTypeface(brand, files) : undefined;
  const imported = await importPptx(bytes, {
    ...(onProgress ? { onProgress } : {}),
    ...(houseFont ? { houseFont } : {}),
  });
  if (!imported.ok) return imported;
  if (imported.slides.length > MAX_EDITED_SLIDES) {
    return { ok: false, reason: `has more than ${MAX_EDITED_SLIDES} slides` };
  }
  const identity = readDeckIdentity(bytes);
  const keys = keysOf(imported.slides, slidePlan, planOf ?? identity, () => readSlideKeys(bytes));
  const pictures: Record<string, Uint8Array> = {};
  const ids = new Set<string>();
  const slides = imported.slides.map((slide, i): EditedSlide => {
    const addresses = new Map<string, string>();
    for (const [src, picture] of slide.pictures) {
      const address = pictureAddress(picture);
      addresses.set(src, address);
      pictures[address] ??= picture;
    }
    const { key, priced } = keys[i]!;
    return {
      key,
      hidden: slide.hidden,
      priced,
      document: {
        ...slide.document,
        id: documentIdOf(key, ids),
        elements: withPageNumbers(withPictureAddresses(slide.document.elements, addresses)),
      },
    };
  });
  if (slides.every((slide) => slide.hidden)) {
    return { ok: false, reason: 'has no slide that is shown (every slide is hidden)' };
  }
  const checked = editedDeckSchema.safeParse({ slides });
  if (!checked.success) {
    const problems = describeTemplateProblems(checked.error);
    return { ok: false, reason: `could not be read as this deck (${problems[0]})` };
  }
  return {
    ok: true,
    edited: checked.data,
    pictures,
    identity,
    slideCount: imported.slides.length,
    leftOut: imported.slides.flatMap((slide) =>
      slide.report.notImported.map(
        ({ why, count }) =>
          `Slide ${slide.number}: ${why}${count && count > 1 ? ` (${count} times)` : ''}`,
      ),
    ),
  };
}
