import { createHash } from 'node:crypto';
import {
  checkSlideFigures,
  isImagePlaceholder,
  type FigureFinding,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { findProduct, quoteSummary, resolveDeckPricing } from '@deck-portal/domain/pricing';
import type { ResolvedImage } from './images/image-store.ts';
import { normaliseImage } from './images/resolve-images.ts';
import { seedPicture } from './images/seed-pictures.ts';
import { sniffImage } from './images/sniff-image.ts';
import type { Slide } from './layout/model.ts';
import { withFontFamily } from './layout/fonts.ts';
import { useBrandFonts } from './library/brand.ts';
import { deckWordsOf, type DeckWords } from './library/deck-words.ts';
import type { TemplateLibrary } from './library/template-library.ts';
import { placeImages } from './render/place-images.ts';
import { renderSlideSvg } from './render/render-svg.ts';

/** What a thumbnail shows where a real deck shows the rep's data. */
export const THUMBNAIL_SAMPLE = {
  clientName: 'Your Client',
  headline: 'Proposal',
  date: '2026-01-15',
  dateText: 'January 15, 2026',
  contact: 'Primary contact',
  // Product names on a sample are the built-in price book's: a sample, not a quote.
  priceBook: SEED_PRICE_BOOK,
} as const;

/** One typical site: a controller, a battery bank and its BMS, a logger per cold space. */
const SAMPLE_SELECTION = [
  { id: 'battery_backup', quantity: 1 },
  { id: 'data_logger', quantity: 12 },
  { id: 'controller', quantity: 1 },
  { id: 'bms', quantity: 1 },
];

/** The sample site sold at list prices. */
const SAMPLE_PRODUCTS = {
  selectedProducts: SAMPLE_SELECTION.map(({ id, quantity }) => ({
    id,
    quantity,
    customPricing: findProduct(SEED_PRICE_BOOK, id)?.msrp ?? 0,
  })),
  includePricing: true,
  customPricing: {},
};

/** Its quote: what a sample slide's quote table and quote figures show. */
const SAMPLE_QUOTE = quoteSummary(SAMPLE_PRODUCTS, SEED_PRICE_BOOK);

/** The controller's pricing texts: what a sample slide drawn once per priced product shows. */
const SAMPLE_PRICING = resolveDeckPricing(SAMPLE_PRODUCTS, SEED_PRICE_BOOK).find(
  (pricing) => pricing.productId === 'controller',
);

/**
 * What is implausible in a slide's figures for the sample deck its preview is drawn with (one
 * typical site at list prices) and its deck inputs' defaults: what the studio's preview warns of.
 */
export function sampleFigureFindings(document: TemplateSlideDocument): FigureFinding[] {
  const quantities: Record<string, number> = Object.fromEntries(
    SEED_PRICE_BOOK.products.map((product) => [product.id, 0]),
  );
  for (const { id, quantity } of SAMPLE_SELECTION) quantities[id] = quantity;
  return checkSlideFigures(document, { quote: SAMPLE_QUOTE, quantities }).findings;
}

/** The sample's words in `language` from the library's translations; none in its own language. */
function sampleWords(library: TemplateLibrary, language: string | undefined) {
  const words: DeckWords = deckWordsOf(language, library.translations);
  return words.table ? { words: { ...words, untranslated: new Set<string>() } } : {};
}

/**
 * One template slide drawn with sample data, in `language` when named (the library's
 * translations, its own texts where one is missing); undefined when the id is unknown.
 */
export function drawTemplateSample(
  library: TemplateLibrary,
  slideId: string,
  language?: string,
): Slide | undefined {
  const template = library.slides.find((s) => s.id === slideId);
  if (!template) return undefined;
  const composed = template.compose({
    brand: library.brand,
    categories: library.categories,
    ...sampleWords(library, language),
    ...THUMBNAIL_SAMPLE,
    pageNumber: template.index + 1,
    // The agenda's parts as a client reads them: the library's categories' labels.
    sections: library.categories
      .filter((category) => !['intro', 'legal', 'appendix'].includes(category.id))
      .map((category) => category.label ?? category.name),
    products: SAMPLE_SELECTION.map(({ id }) => id),
    quantities: Object.fromEntries(SAMPLE_SELECTION.map(({ id, quantity }) => [id, quantity])),
    quote: SAMPLE_QUOTE,
    ...(template.drawn === 'perPricedProduct' && SAMPLE_PRICING ? { pricing: SAMPLE_PRICING } : {}),
  });
  return {
    id: template.id,
    kind: 'template',
    title: template.title,
    background: composed.background,
    elements: composed.elements,
    ...(composed.emptyPictures ? { emptyPictures: composed.emptyPictures } : {}),
  };
}

let samplePicture: Promise<ResolvedImage> | undefined;

/** A quiet two-tone picture standing in for the rep's photo in a layout's preview. */
function loadSamplePicture(): Promise<ResolvedImage> {
  samplePicture ??= (async () => {
    const { default: sharp } = await import('sharp');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#C9D6E3"/><circle cx="230" cy="62" r="26" fill="#E8EEF4"/><path d="M0 200L110 90L190 160L240 120L320 190V200Z" fill="#8FA6BD"/></svg>',
    );
    const data = await sharp(svg).png().toBuffer();
    return {
      data,
      mime: 'image/png',
      width: 320,
      height: 200,
      hash: createHash('sha256').update(data).digest('hex'),
    };
  })();
  return samplePicture;
}

const SAMPLE_PICTURE_SRC = 'sample:picture';

/** Pictures the library's documents name, ready to draw (what is not a picture is left out). */
async function picturesOf(preloaded: Readonly<Record<string, Uint8Array>>) {
  const images = new Map<string, ResolvedImage>();
  for (const [src, bytes] of Object.entries(preloaded)) {
    const kind = sniffImage(bytes);
    if (kind) images.set(src, await normaliseImage(Buffer.from(bytes), kind, { preview: true }));
  }
  return images;
}

/** One custom-slide layout drawn with its field names as text; undefined when the id is unknown. */
async function drawLayoutSample(
  library: TemplateLibrary,
  layoutId: string,
  pictures: ReadonlyMap<string, ResolvedImage>,
  family: string | undefined,
  language: string | undefined,
) {
  const layout = library.layouts.find((l) => l.id === layoutId);
  if (!layout) return undefined;
  const content = Object.fromEntries(
    layout.placeholders.map((p) => [
      p.objectId,
      isImagePlaceholder(p.type) ? SAMPLE_PICTURE_SRC : p.label,
    ]),
  );
  const composed = withFontFamily(family, () =>
    layout.compose(
      {
        brand: library.brand,
        categories: library.categories,
        ...sampleWords(library, language),
        ...THUMBNAIL_SAMPLE,
        pageNumber: 7,
        sections: [],
        products: [],
      },
      content,
    ),
  );
  const slide: Slide = {
    id: layout.id,
    kind: 'custom',
    title: layout.name,
    background: composed.background,
    elements: composed.elements,
  };
  return placeImages(
    slide,
    new Map([...pictures, [SAMPLE_PICTURE_SRC, await loadSamplePicture()]]),
  );
}

export interface DocumentPreview {
  svg: string;
  /** Texts that do not fit their box even at their smallest size (their first words). */
  overflowing: string[];
}

/**
 * A slide or layout of a library drawn as its thumbnail is, and the texts that had to be cut
 * to fit: the content editor's live preview, and the check before a document is saved; in a
 * language of the library's translations when named (the studio's side-by-side view).
 */
export async function previewLibraryDocument(
  library: TemplateLibrary,
  kind: 'slide' | 'layout',
  id: string,
  /** The library's pictures the document shows, by the address it names them with. */
  preloaded: Readonly<Record<string, Uint8Array>> = {},
  language?: string,
): Promise<DocumentPreview | undefined> {
  // The brand's font, when its files came with the pictures: what the deck will be set in.
  const { family } = useBrandFonts(library.brand, preloaded);
  const drawn =
    kind === 'slide'
      ? withFontFamily(family, () => drawTemplateSample(library, id, language))
      : undefined;
  // The built-in library's own pictures on the slide, beside those the caller loaded.
  const shipped = Object.fromEntries(
    (drawn?.elements ?? []).flatMap((element) => {
      const bytes = element.kind === 'image' ? seedPicture(element.src) : undefined;
      return bytes && element.kind === 'image' ? [[element.src, new Uint8Array(bytes)]] : [];
    }),
  );
  const pictures = await picturesOf({ ...shipped, ...preloaded });
  const slide =
    kind === 'slide'
      ? drawn && placeImages(drawn, pictures)
      : await drawLayoutSample(library, id, pictures, family, language);
  if (!slide) return undefined;
  // A chart's labels are not the editor's texts to fit (they are never shrunk): only texts count.
  const overflowing = slide.elements.flatMap((element) =>
    element.kind === 'text' && element.truncated ? [firstWords(element.paragraphs.join(' '))] : [],
  );
  return { svg: renderSlideSvg(slide), overflowing };
}

/** The start of a text that was cut, to name it by. */
function firstWords(text: string) {
  const words = text.replace(/…$/, '').split(/\s+/).filter(Boolean);
  return `${words.slice(0, 6).join(' ')} …`;
}
