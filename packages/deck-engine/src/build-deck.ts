import type { DeckDraft, DeckPresenter, TemplateCategory } from '@deck-portal/domain';
import {
  clientHeadline,
  DEFAULT_DECK_LOCALE,
  fillWords,
  findProduct,
  formatDeckDate,
  formatDeckYear,
  isForMarket,
  quoteSummary,
  resolveDeckPricing,
  type PriceBook,
  type ProductPricing,
  type QuoteSummary,
} from '@deck-portal/domain/pricing';
import { slidePlanOf } from './edited/slide-plan.ts';
import { faceOf, missingCharacters, withFontFamily } from './layout/fonts.ts';
import {
  drawnElements,
  type Deck,
  type Slide,
  type SlideKind,
  type TextElement,
} from './layout/model.ts';
import { categoryLabel } from './library/categories.ts';
import { deckMarketOf, type DeckMarketOptions } from './library/deck-market.ts';
import {
  deckWordsOf,
  priceBookIn,
  untranslatedWarning,
  wordIn,
  wordsFunction,
  type DeckWords,
} from './library/deck-words.ts';
import type { LayoutDefinition } from './library/layouts.ts';
import type { SlideContext } from './library/slide-kit.ts';
import {
  pricingSlides,
  type TemplateLibrary,
  type TemplateSlide,
} from './library/template-library.ts';
import type { ComposedSlide } from './library/template-slides.ts';
import { slideProductShares, type SlideAbout } from './slide-products.ts';

/** The presentation date as the deck's locale writes it in full (`March 5, 2026`). */
export { formatDeckDate };

interface PlannedSlide {
  id: string;
  kind: SlideKind;
  title: string;
  /** Its figures are the deck's quote. */
  priced: boolean;
  /** The product a slide drawn once per priced product is drawn for. */
  pricing?: ProductPricing;
  /** What it tells a client about, for the time a visit spends on it (slide-products.ts). */
  about: SlideAbout;
  compose(ctx: SlideContext): ComposedSlide;
}

type CustomSlide = DeckDraft['templateCustomization']['customSlides'][number];

function findLayout(library: TemplateLibrary, slide: CustomSlide): LayoutDefinition | undefined {
  return (
    library.layouts.find((l) => l.id === slide.layoutId) ??
    library.layouts.find((l) => l.name.toLowerCase() === slide.layoutName.toLowerCase())
  );
}

function planCustomSlide(
  library: TemplateLibrary,
  slide: CustomSlide,
  warnings: string[],
): PlannedSlide {
  let layout = findLayout(library, slide);
  let content: Record<string, string> = slide.placeholderContent;
  if (!layout) {
    // Keep the rep's words rather than drop the slide: all of it as one titled text slide.
    warnings.push(
      `Custom slide ${slide.id}: unknown layout "${slide.layoutId}", shown as title and body.`,
    );
    layout = library.layouts.find((l) => l.id === 'title-body') ?? library.layouts[0];
    const values = slide.placeholders.map((p) => slide.placeholderContent[p.objectId] ?? '');
    const all = values.length > 0 ? values : Object.values(slide.placeholderContent);
    content = { title: slide.layoutName || 'Notes', body: all.filter((v) => v.trim()).join('\n') };
  }
  const chosen = layout as LayoutDefinition;
  const titleHolder = chosen.placeholders.find((p) => p.type === 'TITLE');
  const title = (titleHolder && content[titleHolder.objectId]?.trim()) || chosen.name;
  return {
    id: slide.id,
    kind: 'custom',
    title,
    priced: false,
    about: { kind: 'none' },
    compose: (ctx) => chosen.compose(ctx, content),
  };
}

function planTemplateSlide(slide: TemplateSlide): PlannedSlide {
  return {
    id: slide.id,
    kind: 'template',
    title: slide.title,
    priced: slide.priced,
    about: { kind: 'template', products: slide.aboutProducts },
    compose: (ctx) => slide.compose(ctx),
  };
}

/**
 * The slides a deck that shows pricing draws after its body: each slide drawn once per priced
 * product (its id and title that product's), and each drawn once with pricing, in library order.
 */
function planPricingSlides(
  library: TemplateLibrary,
  pricing: readonly ProductPricing[],
  quote: QuoteSummary | undefined,
) {
  return pricingSlides(library).flatMap((slide): PlannedSlide[] => {
    const compose = (ctx: SlideContext) => slide.compose(ctx);
    if (slide.drawn === 'withPricing') {
      // The quote's products, an equal share per line: what the summary lists, not its sums.
      const lineProducts = (quote?.lines ?? []).map((line) => line.productId);
      const about: SlideAbout = { kind: 'quote', lineProducts };
      return [{ id: slide.id, kind: 'pricing', title: slide.title, priced: true, about, compose }];
    }
    return pricing.map((product) => ({
      id: `${slide.id}-${product.productId}`,
      kind: 'pricing',
      title: slide.title,
      priced: true,
      pricing: product,
      about: { kind: 'pricedProduct', productId: product.productId },
      compose,
    }));
  });
}

export interface BuildDeckOptions extends DeckMarketOptions {
  /** The rep who sends the deck: named on the cover and the closing slide. */
  presenter?: DeckPresenter;
  /** Called after each slide is laid out, with how many of how many are done. */
  onSlide?: (done: number, total: number) => void;
  /**
   * The price book entries the deck is priced from (the server passes the ones in force when
   * the deck is made), in US dollars: the deck prices them in its market's currency through
   * `priceLists`. The built-in price book when left out.
   */
  priceBook?: PriceBook;
  /** A registered font family the text is set in (the brand's); the built-in one when left out. */
  fontFamily?: string;
}

/** The categories with the labels a client reads in the deck's language (kickers, the agenda). */
function categoriesIn(categories: readonly TemplateCategory[], words: DeckWords) {
  if (!words.table) return categories;
  return categories.map((category) => ({
    ...category,
    label: wordIn(words, categoryLabel(category.id, categories)),
  }));
}

/** The client's headline (`clientHeadline`) in the deck's language: the rep's, else the library's. */
function headlineIn(basicInfo: DeckDraft['basicInfo'], words: DeckWords | undefined): string {
  if (basicInfo.headline?.trim() || !words?.table) return clientHeadline(basicInfo);
  return fillWords(wordIn(words, 'Proposal for {client}'), { client: basicInfo.clientName });
}

/**
 * What every slide of a deck is drawn with but its page number and the product it is drawn for:
 * the rep's draft (client, date, contact, products, inputs), the library's look, the quote.
 */
export function deckSlideContext(
  draft: DeckDraft,
  library: Pick<TemplateLibrary, 'brand' | 'categories'>,
  {
    sections,
    priceBook,
    presenter,
    quote,
    market,
    currency,
    inputRatio,
    words,
  }: {
    sections: string[];
    priceBook: PriceBook;
    presenter?: DeckPresenter;
    quote?: QuoteSummary;
    /** The deck's market code; the draft's when left out. */
    market?: string;
    /** The currency of `priceBook`'s money; US dollars when left out. */
    currency?: string;
    /** Units of that currency per US dollar, for the money inputs' defaults; 1 when left out. */
    inputRatio?: number;
    /** The deck's words; the library's language's when left out. */
    words?: DeckWords;
  },
): Omit<SlideContext, 'pageNumber' | 'pricing'> {
  const { basicInfo, productSelection, templateCustomization } = draft;
  const locale = basicInfo.locale ?? DEFAULT_DECK_LOCALE;
  const deckMarket = market ?? basicInfo.market;
  return {
    brand: library.brand,
    categories: words ? categoriesIn(library.categories, words) : library.categories,
    ...(deckMarket ? { market: deckMarket } : {}),
    ...(currency ? { currency } : {}),
    ...(inputRatio && inputRatio !== 1 ? { inputRatio } : {}),
    ...(words?.table ? { words } : {}),
    clientName: basicInfo.clientName,
    headline: headlineIn(basicInfo, words),
    date: basicInfo.date,
    dateText: formatDeckDate(basicInfo.date, locale),
    year: formatDeckYear(basicInfo.date, locale),
    locale,
    contact: basicInfo.primaryContact,
    ...(presenter ? { presenter } : {}),
    sections,
    products: productSelection.selectedProducts.map((p) => p.id),
    quantities: Object.fromEntries(
      productSelection.selectedProducts.map((p) => [p.id, p.quantity]),
    ),
    priceBook,
    ...(quote ? { quote } : {}),
    ...(templateCustomization.inputValues
      ? { inputValues: templateCustomization.inputValues }
      : {}),
  };
}

/**
 * The rep's draft as a laid-out deck: the selected template slides in master order, then one
 * pricing slide per product and the quote summary (when pricing is included), then the custom
 * slides, then the closing slides, then the appendix, then the legal notices. Every text box is
 * measured and fitted here, once.
 */

export function buildDeck(
  draft: DeckDraft,
  library: TemplateLibrary,
  { presenter, onSlide, fontFamily, ...marketOptions }: BuildDeckOptions = {},
): Deck {
  const warnings: string[] = [];
  const { basicInfo, templateCustomization } = draft;
  const locale = basicInfo.locale ?? DEFAULT_DECK_LOCALE;
  // Priced in the market's currency, with its tax and its incentives only (issue 50).
  const deckMarket = deckMarketOf(draft, marketOptions);
  const { market, terms, pricedSelection: productSelection } = deckMarket;
  // Its texts in its language, each slide's untranslated ones told (deck-words.ts).
  const deckWords = deckWordsOf(basicInfo.language, library.translations);
  const deckUntranslated = new Set<string>();
  const translatedBook = priceBookIn(
    deckWords,
    deckMarket.priceBook,
    draft.productSelection.selectedProducts.map((selected) => selected.id),
  );
  for (const text of translatedBook.untranslated) deckUntranslated.add(text);
  const priceBook = translatedBook.book;
  for (const selected of draft.productSelection.selectedProducts) {
    if (!findProduct(priceBook, selected.id))
      warnings.push(`Unknown product "${selected.id}" was left out of the pricing.`);
  }
  warnings.push(...deckMarket.warnings);

  const byId = new Map(library.slides.map((s) => [s.id, s]));
  const chosen = new Map<string, TemplateSlide>();
  for (const id of templateCustomization.selectedSlides) {
    const slide = byId.get(id);
    if (!slide) warnings.push(`Unknown template slide "${id}" was skipped.`);
    else if (!isForMarket(slide, market.code)) {
      warnings.push(
        `"${slide.title}" is only for decks in ${slide.markets!.join(', ')}: left out of this deck for ${market.name}.`,
      );
    } else chosen.set(id, slide);
  }
  const ordered = [...chosen.values()].sort((a, b) => a.index - b.index);
  const atTheBack = new Set(['closing', 'appendix', 'legal']);
  const body = ordered.filter((s) => !atTheBack.has(s.category));
  const closing = ordered.filter((s) => s.category === 'closing');
  const appendix = ordered.filter((s) => s.category === 'appendix');
  // Notices (confidentiality) are the deck's last page, not what a client reads first.
  const legal = ordered.filter((s) => s.category === 'legal');
  // The pricing texts' own words: untranslated ones are the deck's, as the products' are.
  const words = wordsFunction({ ...deckWords, untranslated: deckUntranslated });
  const pricing = productSelection.includePricing
    ? resolveDeckPricing(productSelection, priceBook, locale, { ...terms, words })
    : [];
  // The quote every slide may compute from (the ROI slide's payback), when pricing is shown.
  const quote = pricing.length > 0 ? quoteSummary(productSelection, priceBook, terms) : undefined;

  const plan: PlannedSlide[] = [
    ...body.map(planTemplateSlide),
    ...(pricing.length > 0 ? planPricingSlides(library, pricing, quote) : []),
    ...templateCustomization.customSlides.map((s) => planCustomSlide(library, s, warnings)),
    ...closing.map(planTemplateSlide),
    ...appendix.map(planTemplateSlide),
    ...legal.map(planTemplateSlide),
  ];

  // The products the deck offers: a template slide naming more is about these of them.
  const deckProducts = draft.productSelection.selectedProducts.map((selected) => selected.id);

  const sections: string[] = [];
  const addSection = (name: string) => {
    if (!sections.includes(name)) sections.push(name);
  };
  // The agenda names each part as the client reads it on the slides' kickers.
  const deckWide: DeckWords = { ...deckWords, untranslated: deckUntranslated };
  const categories = categoriesIn(library.categories, deckWide);
  const label = (category: string) => categoryLabel(category, categories);
  for (const slide of body) {
    if (slide.category !== 'intro') addSection(label(slide.category));
  }
  const pricingCategory = pricingSlides(library)[0]?.category;
  if (pricing.length > 0) {
    addSection(pricingCategory ? label(pricingCategory) : wordIn(deckWide, 'Pricing'));
  }
  if (templateCustomization.customSlides.length > 0) {
    addSection(fillWords(wordIn(deckWide, 'For {client}'), { client: basicInfo.clientName }));
  }
  if (closing.length > 0) addSection(label('closing'));

  const deckContext = deckSlideContext(draft, library, {
    sections,
    priceBook,
    ...(presenter ? { presenter } : {}),
    ...(quote ? { quote } : {}),
    market: market.code,
    currency: market.currency,
    inputRatio: deckMarket.dollarRatio,
    words: deckWide,
  });
  const slides: Slide[] = withFontFamily(fontFamily, () =>
    plan.map((planned, i) => {
      const untranslated = new Set<string>();
      const ctx: SlideContext = {
        ...deckContext,
        ...(deckWords.table ? { words: { ...deckWords, untranslated } } : {}),
        pageNumber: i + 1,
        ...(planned.pricing ? { pricing: planned.pricing } : {}),
      };
      const composed = planned.compose(ctx);
      if (untranslated.size > 0) {
        warnings.push(untranslatedWarning(planned.title, untranslated.size, deckWords.language));
      }
      onSlide?.(i + 1, plan.length);
      return {
        id: planned.id,
        kind: planned.kind,
        // A pricing slide is titled by its heading ("Controller: your investment").
        title: (planned.kind === 'pricing' && composed.heading) || planned.title,
        background: composed.background,
        elements: composed.elements,
        ...(composed.emptyPictures ? { emptyPictures: composed.emptyPictures } : {}),
        ...(untranslated.size > 0
          ? { untranslated: { language: deckWords.language, texts: [...untranslated] } }
          : {}),
      };
    }),
  );

  if (deckUntranslated.size > 0) {
    warnings.push(
      untranslatedWarning(
        'Products, pricing labels and categories',
        deckUntranslated.size,
        deckWords.language,
      ),
    );
  }

  const missing = missingGlyphs(slides);
  if (missing.length > 0) {
    warnings.push(
      `The deck's fonts have no characters for ${missing.slice(0, 12).map(readable).join(' ')}${missing.length > 12 ? ' …' : ''}: they show as empty boxes in the PDF and the web view (PowerPoint may substitute a font).`,
    );
  }

  return {
    // The files' own Title is the client's headline: the deck title is internal.
    title: headlineIn(basicInfo, deckWords),
    clientName: basicInfo.clientName,
    date: basicInfo.date,
    author: library.brand.name,
    company: library.brand.legalName,
    slides,
    warnings,
    slidePlan: slidePlanOf(plan),
    slideProducts: plan.map((planned) => slideProductShares(planned.about, deckProducts)),
  };
}

/** Characters of the deck's text that the bundled font cannot draw, each once. */
function missingGlyphs(slides: readonly Slide[]): string[] {
  const missing = new Set<string>();
  const check = (element: TextElement) => {
    for (const line of element.lines) {
      for (const char of missingCharacters(
        line.text,
        faceOf(element.family, element.weight, element.italic),
      ))
        missing.add(char);
    }
  };
  for (const slide of slides) {
    for (const element of drawnElements(slide.elements)) {
      if (element.kind === 'text') check(element);
      if (element.kind === 'table')
        for (const row of element.rows) for (const cell of row) check(cell.text);
    }
  }
  return [...missing];
}

/** A character as a person can read it in a message: itself, or its code (U+000B) when unseen. */
function readable(char: string): string {
  if (/[\p{L}\p{N}\p{P}\p{S}]/u.test(char)) return char;
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
