import type {
  DeckDraft,
  DeckPresenter,
  EditedDeck,
  EditedSlide,
  Market,
  PriceBook,
  PriceList,
} from '@deck-portal/domain';
import {
  clientHeadline,
  quoteSummary,
  resolveDeckPricing,
  DEFAULT_DECK_LOCALE,
} from '@deck-portal/domain/pricing';
import { deckSlideContext } from '../build-deck.ts';
import { resolveImages, type ResolveImagesOptions } from '../images/resolve-images.ts';
import { withFontFamily } from '../layout/fonts.ts';
import type { Deck, Slide } from '../layout/model.ts';
import { useBrandFonts } from '../library/brand.ts';
import { categoryLabel } from '../library/categories.ts';
import { deckMarketOf } from '../library/deck-market.ts';
import { deckWordsOf, priceBookIn } from '../library/deck-words.ts';
import type { SlideContext } from '../library/slide-kit.ts';
import { createTemplateLibrary, type TemplateLibrary } from '../library/template-library.ts';
import { slideFromDocument } from '../library/template-slides.ts';
import { placeImages } from '../render/place-images.ts';
import { renderDeck, type RenderedDeck, type RenderProgress } from '../render/render-deck.ts';
import { renderSlideSvg } from '../render/render-svg.ts';
import type { DeckIdentity } from './deck-identity.ts';

// An edited deck (issue 49) drawn as it is: each slide's document goes through the same
// interpreter as a library slide (slideFromDocument → interpretTemplate), with the deck's own
// values for any `{{…}}` a slide added from the library still has. The editor's preview of a
// slide and the version's files are drawn by the same code, so they cannot disagree.

export interface EditedDeckOptions {
  /** The version's draft: client, date, locale, contact, products (for what slides still bind). */
  draft: DeckDraft;
  presenter?: DeckPresenter;
  /** The library the deck's slides were drawn from (its brand, fonts, categories, parts). */
  library?: TemplateLibrary;
  /** The price book entries to price from; the built-in price book when left out. */
  priceBook?: PriceBook;
  /** The client's market (issue 50); the seeded market the draft names when left out. */
  market?: Market;
  /** The price lists per currency; the seeded ones when left out. */
  priceLists?: readonly PriceList[];
  /** Pictures (the edited deck's own as `deck-picture:{sha256}`) and fetching rules. */
  images?: ResolveImagesOptions;
  /** Drawn across every PDF page and web view slide, never in the PPTX. */
  watermark?: string;
  /** The deck and version the PPTX is, written into it. */
  identity?: DeckIdentity;
  onProgress?: (progress: RenderProgress) => void;
}

let defaultLibrary: TemplateLibrary | undefined;

const notListed = new Set(['intro', 'legal', 'appendix']);

/** What the agenda of a slide added from the library names: the deck's parts, in order. */
function sectionsOf(slides: readonly EditedSlide[], library: TemplateLibrary): string[] {
  const known = new Set(library.categories.map((category) => category.id));
  const sections: string[] = [];
  for (const { document } of slides) {
    if (notListed.has(document.category) || !known.has(document.category)) continue;
    const label = categoryLabel(document.category, library.categories);
    if (!sections.includes(label)) sections.push(label);
  }
  return sections;
}

/** What every slide of the edited deck is drawn with but its page number. */
function editedContext(
  draft: DeckDraft,
  library: TemplateLibrary,
  slides: readonly EditedSlide[],
  {
    presenter,
    ...marketOptions
  }: Pick<EditedDeckOptions, 'presenter' | 'priceBook' | 'market' | 'priceLists'>,
) {
  const { basicInfo } = draft;
  const locale = basicInfo.locale ?? DEFAULT_DECK_LOCALE;
  // Priced and worded as the deck was generated: its market's currency, its language.
  const { market, terms, pricedSelection, ...priced } = deckMarketOf(draft, marketOptions);
  const words = deckWordsOf(basicInfo.language, library.translations);
  const priceBook = priceBookIn(words, priced.priceBook, []).book;
  const isPriced =
    pricedSelection.includePricing &&
    resolveDeckPricing(pricedSelection, priceBook, locale).length > 0;
  return deckSlideContext(draft, library, {
    sections: sectionsOf(slides, library),
    priceBook,
    ...(presenter ? { presenter } : {}),
    ...(isPriced ? { quote: quoteSummary(pricedSelection, priceBook, terms) } : {}),
    market: market.code,
    currency: market.currency,
    inputRatio: priced.dollarRatio,
    words,
  });
}

/** One edited slide laid out as the deck draws it (the studio's interpreter). */
function drawEditedSlide(slide: EditedSlide, library: TemplateLibrary, ctx: SlideContext): Slide {
  const composed = slideFromDocument(
    slide.document,
    library.parts ?? new Map(),
    library.categories,
  ).compose(ctx);
  return {
    id: slide.key,
    kind: 'template',
    title: slide.document.title,
    background: composed.background,
    elements: composed.elements,
    ...(composed.emptyPictures ? { emptyPictures: composed.emptyPictures } : {}),
  };
}

/** The edited deck's shown slides laid out, and the deck they make. */
function layOutEditedDeck(edited: EditedDeck, options: EditedDeckOptions) {
  const library = options.library ?? (defaultLibrary ??= createTemplateLibrary());
  const font = useBrandFonts(library.brand, options.images?.preloaded);
  const shown = edited.slides.filter((slide) => !slide.hidden);
  const context = editedContext(options.draft, library, shown, options);
  const slides = withFontFamily(font.family, () =>
    shown.map((slide, i) => {
      const drawn = drawEditedSlide(slide, library, { ...context, pageNumber: i + 1 });
      options.onProgress?.({ stage: 'layout', done: i + 1, total: shown.length });
      return drawn;
    }),
  );
  const { basicInfo } = options.draft;
  const deck: Deck = {
    title: clientHeadline(basicInfo),
    clientName: basicInfo.clientName,
    date: basicInfo.date,
    author: library.brand.name,
    company: library.brand.legalName,
    slides,
    warnings: font.warning ? [font.warning] : [],
    slidePlan: shown.map(({ key, priced }) => ({ key, priced })),
  };
  return deck;
}

/**
 * An edited deck drawn as it is — its slides in order, hidden ones left out — in PPTX, PDF and
 * web view, like a generated deck (`slidePlan` names the drawn slides by their keys).
 */
export async function generateEditedDeck(
  edited: EditedDeck,
  options: EditedDeckOptions,
): Promise<RenderedDeck> {
  const deck = layOutEditedDeck(edited, options);
  options.onProgress?.({ stage: 'pictures' });
  const { images, warnings, failures } = await resolveImages(deck, options.images);
  return renderDeck(deck, images, warnings, failures, options.onProgress, {
    ...(options.watermark ? { watermark: options.watermark } : {}),
    ...(options.identity ? { identity: options.identity } : {}),
  });
}

/** Pictures a preview does not hold are drawn as marked frames, never fetched as one types. */
const noFetching: NonNullable<ResolveImagesOptions['fetcher']> = async () => ({
  ok: false,
  reason: 'the picture is not held for the preview',
});

/**
 * One edited slide drawn as the version's files will draw it (an SVG document): the online
 * editor's preview as a person types. `pageNumber` is its place among the shown slides.
 */
export async function previewEditedSlide(
  slide: EditedSlide,
  options: Omit<EditedDeckOptions, 'identity' | 'onProgress' | 'watermark'> & {
    pageNumber?: number;
  },
): Promise<string> {
  const library = options.library ?? (defaultLibrary ??= createTemplateLibrary());
  const font = useBrandFonts(library.brand, options.images?.preloaded);
  const context = editedContext(options.draft, library, [slide], options);
  const drawn = withFontFamily(font.family, () =>
    drawEditedSlide(slide, library, { ...context, pageNumber: options.pageNumber ?? 1 }),
  );
  const { images } = await resolveImages(
    { ...emptyDeck, slides: [drawn] },
    { ...options.images, fetcher: noFetching },
  );
  return renderSlideSvg(placeImages(drawn, images));
}

const emptyDeck: Deck = {
  title: '',
  clientName: '',
  date: '2026-01-01',
  author: '',
  company: '',
  slides: [],
  warnings: [],
};
