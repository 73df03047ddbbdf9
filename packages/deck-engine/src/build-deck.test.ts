import { describe, expect, it } from 'vitest';
import {
  deckDraftSchema,
  quoteSummary,
  type DeckDraft,
  type DeckDraftInput,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { buildDeck, formatDeckDate } from './build-deck.ts';
import type { Slide, TextElement } from './layout/model.ts';
import {
  createTemplateLibrary,
  listTemplateSlides,
  type TemplateLibrary,
} from './library/template-library.ts';
import { seedLibraryDocuments } from './library/template-seed.ts';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';

const library = createTemplateLibrary();

function draft(
  overrides: Partial<DeckDraftInput['templateCustomization']> = {},
  includePricing = true,
) {
  return deckDraftSchema.parse({
    basicInfo: {
      deckTitle: 'Spring proposal',
      clientName: 'Acme Cold Storage',
      date: '2026-04-09',
      primaryContact: 'Sam Lee',
    },
    productSelection: {
      selectedProducts: [
        { id: 'controller', quantity: 11, customPricing: 199 },
        { id: 'battery_backup', quantity: 1, customPricing: 5995 },
      ],
      includePricing,
      customPricing: { battery_backup: { total: 'Special: $5,000.00' } },
    },
    templateCustomization: {
      selectedSlides: [
        'thank-you',
        'appendix-glossary',
        'product-controller',
        'title',
        'next-steps',
        'about-us',
      ],
      customSlides: [
        {
          id: 'my-1',
          layoutId: 'two-columns',
          layoutName: 'Two columns',
          placeholders: [],
          placeholderContent: {
            title: 'Before and after',
            left: 'Paper logs',
            right: 'Live alerts',
          },
        },
      ],
      ...overrides,
    },
  } satisfies DeckDraftInput);
}

function texts(slide: Slide): string {
  return slide.elements
    .flatMap((e) =>
      e.kind === 'text' ? [e] : e.kind === 'table' ? e.rows.flat().map((c) => c.text) : [],
    )
    .map((t: TextElement) => t.paragraphs.join('\n'))
    .join('\n');
}

describe('buildDeck', () => {
  it("computes the ROI slide from the deck's inputs, quantities and quote, never a typical one", () => {
    const order = (selectedProducts: DeckDraft['productSelection']['selectedProducts']) => ({
      selectedProducts,
      includePricing: true,
      customPricing: {},
    });
    const roiOf = (deck: ReturnType<typeof buildDeck>) =>
      texts(deck.slides.find((slide) => slide.id === 'return-on-investment')!);
    const money = (dollars: number) =>
      dollars.toLocaleString('en-US', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
      });
    const selectedProducts = [
      { id: 'controller', quantity: 11, customPricing: 199 },
      { id: 'battery_backup', quantity: 1, customPricing: 5995 },
      { id: 'data_logger', quantity: 110, customPricing: 29.99 },
    ];
    const deck = buildDeck(
      deckDraftSchema.parse({
        ...draft({
          selectedSlides: ['return-on-investment'],
          inputValues: {
            sites: 11,
            coldSpaces: 20,
            spoilage: 100_000,
            energy: 200_000,
            outages: 30_000,
          },
        }),
        productSelection: order(selectedProducts),
      }),
      library,
    );
    const roi = roiOf(deck);
    // 110 loggers for 11 × 20 cold spaces: half monitored, 31% of $100,000 × ½ = $15,500;
    // a controller per site: 12% of $200,000 = $24,000; one battery in 11 sites: $30,000 / 11.
    expect(roi).toContain('Sites: 11 · cold spaces per site: 20');
    for (const figure of ['$100,000', '$200,000', '$30,000', '$330,000']) {
      expect(roi).toContain(figure);
    }
    for (const figure of ['$15,500', '$24,000', '$2,727', '$42,227']) expect(roi).toContain(figure);
    const saving = 15_500 + 24_000 + 30_000 / 11;
    const { netCents } = quoteSummary(order(selectedProducts), SEED_PRICE_BOOK);
    const net = netCents / 100;
    expect(roi).toContain(`${Math.round((net / saving) * 12)} months`);
    expect(roi).toContain(`to pay back this order's ${money(net)}, after any tax credits`);
    expect(roi).not.toMatch(/×|per site ×|typical/);

    // A deck made before the inputs existed draws with their defaults: one site of 50 cold
    // spaces, $12,000 of spoilage, $18,000 of cooling energy, $600 of outage losses a year.
    const tenLoggers = [{ id: 'data_logger', quantity: 10, customPricing: 29.99 }];
    const small = roiOf(
      buildDeck(
        deckDraftSchema.parse({
          ...draft({ selectedSlides: ['return-on-investment'] }),
          productSelection: order(tenLoggers),
        }),
        library,
      ),
    );
    // Ten loggers for 50 cold spaces: 31% of $12,000 × 10/50 = $744 a year, nothing else.
    expect(small).toContain('$744');
    expect(small).toContain('$30,600');
    const smallNet = quoteSummary(order(tenLoggers), SEED_PRICE_BOOK).netCents / 100;
    expect(small).toContain(`${Math.round((smallNet / 744) * 12)} months`);

    const withoutPricing = roiOf(
      buildDeck(draft({ selectedSlides: ['return-on-investment'] }, false), library),
    );
    expect(withoutPricing).toContain('14 months');
    expect(withoutPricing).toContain('to full payback at Harvest Lane Markets');
    expect(withoutPricing).not.toContain('to pay back this order');
  });

  it('takes the warranty terms on the product and warranty slides from the price book', () => {
    const priceBook = {
      ...SEED_PRICE_BOOK,
      products: SEED_PRICE_BOOK.products.map((product) =>
        product.id === 'controller'
          ? { ...product, name: 'Site Brain', warrantyYears: 4 }
          : product,
      ),
    };
    const deck = buildDeck(
      draft({ selectedSlides: ['product-controller', 'appendix-warranty'] }),
      library,
      { priceBook },
    );
    const [product, warranty] = ['product-controller', 'appendix-warranty'].map((id) =>
      texts(deck.slides.find((slide) => slide.id === id)!),
    );
    expect(product).toContain('4 years');
    expect(product).not.toContain('3 years');
    expect(warranty).toContain('Site Brain: 4 years, extendable with a service plan.');
    expect(warranty).toContain('Data Logger: 5 years, parts and labour.');
  });

  it("labels the credit with each product's own rate, and the quote's with theirs", () => {
    const priceBook = {
      ...SEED_PRICE_BOOK,
      products: SEED_PRICE_BOOK.products.map((product) =>
        product.id === 'battery_backup'
          ? { ...product, creditPercent: 40 }
          : product.id === 'controller'
            ? { ...product, creditEligible: true }
            : product,
      ),
    };
    const deck = buildDeck(
      draft({ selectedSlides: ['product-battery-bms', 'return-on-investment'] }),
      library,
      { priceBook },
    );
    const textOf = (id: string) => texts(deck.slides.find((slide) => slide.id === id)!);
    const pricing = deck.slides.filter((slide) => slide.kind === 'pricing').map(texts);
    expect(pricing.find((t) => t.includes('Battery Backup'))).toContain('ITC credit (40%)');
    expect(pricing.find((t) => t.includes('Controller'))).toContain('ITC credit (30%)');
    // The quote's credit, an estimate, names the eligible products (their rates differ).
    expect(textOf('quote-summary')).toContain(
      'Estimated investment tax credit on Controller and Battery Backup, subject to tax advice',
    );
    expect(textOf('product-battery-bms')).toContain('40%');
  });

  it('orders body, pricing, custom, closing, appendix slides, template slides in master order', () => {
    const deck = buildDeck(draft(), library);
    expect(deck.slides.map((s) => s.id)).toEqual([
      'title',
      'product-controller',
      'about-us',
      'pricing-controller',
      'pricing-battery_backup',
      'quote-summary',
      'my-1',
      'next-steps',
      'thank-you',
      'appendix-glossary',
    ]);
    expect(deck.slides.map((s) => s.kind)).toEqual([
      'template',
      'template',
      'template',
      'pricing',
      'pricing',
      'pricing',
      'custom',
      'template',
      'template',
      'template',
    ]);
    expect(deck.warnings).toEqual([]);
  });

  it('puts client, headline, date and contact on the title slide, never the internal title', () => {
    const deck = buildDeck(draft(), library);
    const title = texts(deck.slides[0]!);
    expect(title).toContain('Acme Cold Storage');
    expect(title).toContain('PROPOSAL FOR ACME COLD STORAGE');
    expect(title).toContain('April 9, 2026');
    expect(title).toContain('Attention: Sam Lee');
    expect(deck.title).toBe('Proposal for Acme Cold Storage');
    const everything = deck.slides.map(texts).join(' ').toUpperCase();
    expect(everything).not.toContain('SPRING PROPOSAL');

    const headed = buildDeck(
      { ...draft(), basicInfo: { ...draft().basicInfo, headline: 'Keeping vaccines cold' } },
      library,
    );
    expect(texts(headed.slides[0]!)).toContain('KEEPING VACCINES COLD');
    expect(headed.title).toBe('Keeping vaccines cold');
  });

  it('shows the pricing texts with the rep’s edits, and no pricing slides without pricing', () => {
    const deck = buildDeck(draft(), library);
    const controller = texts(deck.slides[3]!);
    // 199 × 11 + 35 flat-rate = 2,224.00
    expect(controller).toContain('$2,224.00');
    expect(controller).toContain('Flat-rate drop ship');
    expect(texts(deck.slides[4]!)).toContain('Special: $5,000.00');
    const without = buildDeck(draft({}, false), library);
    expect(without.slides.some((s) => s.kind === 'pricing')).toBe(false);
  });

  it('draws the pricing slides the library has: its wording, its order, none retired', () => {
    const documents = seedLibraryDocuments();
    const edited = (change: (slides: TemplateSlideDocument[]) => TemplateSlideDocument[]) =>
      createTemplateLibrary(undefined, {
        ...documents,
        slides: change(structuredClone(documents.slides) as TemplateSlideDocument[]),
      });
    const pricingOf = (lib: TemplateLibrary) =>
      buildDeck(draft(), lib).slides.filter((slide) => slide.kind === 'pricing');

    // An editor rewords the per-product slide's heading and a label: every product's slide follows.
    const reworded = edited((slides) =>
      slides.map((slide) => {
        if (slide.id !== 'pricing') return slide;
        const table = slide.elements.find((e) => e.kind === 'table')!;
        if (table.kind === 'table') table.rows[0]![0] = 'Price per unit';
        return { ...slide, heading: 'What {{pricing.productName}} costs {{client.name}}' };
      }),
    );
    const slides = pricingOf(reworded);
    expect(slides.map((slide) => [slide.id, slide.title])).toEqual([
      ['pricing-controller', 'What Controller costs Acme Cold Storage'],
      ['pricing-battery_backup', 'What Battery Backup costs Acme Cold Storage'],
      ['quote-summary', 'Quote summary'],
    ]);
    expect(texts(slides[0]!)).toContain('Price per unit');
    expect(texts(slides[0]!)).not.toContain('Unit price');

    // The summary retired: the products' slides only. A slide made "once with pricing": drawn.
    const retired = edited((slides) =>
      slides.map((slide) => (slide.id === 'quote-summary' ? { ...slide, retired: true } : slide)),
    );
    expect(pricingOf(retired).map((slide) => slide.id)).toEqual([
      'pricing-controller',
      'pricing-battery_backup',
    ]);
    const terms = edited((slides) =>
      slides.map((slide) =>
        slide.id === 'appendix-faq' ? { ...slide, drawn: 'withPricing' } : slide,
      ),
    );
    // In library order: the FAQ stands before the pricing slides there.
    expect(pricingOf(terms).map((slide) => slide.id)).toEqual([
      'appendix-faq',
      'pricing-controller',
      'pricing-battery_backup',
      'quote-summary',
    ]);
    // Not offered to reps.
    expect(listTemplateSlides(terms).map((slide) => slide.id)).not.toContain('appendix-faq');
    expect(listTemplateSlides(library).map((slide) => slide.id)).not.toContain('pricing');
  });

  it('gives a library stored before its pricing slides were documents the built-in ones', () => {
    const documents = seedLibraryDocuments();
    const before = createTemplateLibrary(undefined, {
      ...documents,
      slides: documents.slides.filter((slide) => slide.drawn === undefined),
    });
    expect(buildDeck(draft(), before).slides.map((slide) => slide.id)).toEqual(
      buildDeck(draft(), library).slides.map((slide) => slide.id),
    );
  });

  it("builds custom slides from their layout with the rep's content, body as paragraphs", () => {
    const deck = buildDeck(
      draft({
        customSlides: [
          {
            id: 'c',
            layoutId: 'title-body',
            layoutName: 'Title and body',
            placeholders: [],
            placeholderContent: {
              title: 'Our notes',
              body: 'First point.\nSecond point.\n\nThird point.',
            },
          },
        ],
      }),
      library,
    );
    const slide = deck.slides.find((s) => s.id === 'c')!;
    expect(slide.title).toBe('Our notes');
    const body = slide.elements.find((e) => e.kind === 'text' && e.name === 'body') as TextElement;
    expect(body.paragraphs).toEqual(['First point.', 'Second point.', '', 'Third point.']);
  });

  it('turns PICTURE and ONLINE_IMAGE placeholders into image elements', () => {
    const deck = buildDeck(
      draft({
        customSlides: [
          {
            id: 'pics',
            layoutId: 'two-images',
            layoutName: 'Two images',
            placeholders: [],
            placeholderContent: {
              title: 'Site photos',
              left_image: 'https://img.example/a.jpg',
              right_image: 'https://img.example/b.png',
            },
          },
        ],
      }),
      library,
    );
    const images = deck.slides
      .find((s) => s.id === 'pics')!
      .elements.filter((e) => e.kind === 'image');
    expect(images.map((i) => (i.kind === 'image' ? i.src : ''))).toEqual([
      'https://img.example/a.jpg',
      'https://img.example/b.png',
    ]);
  });

  it('warns about unknown slides and layouts instead of failing', () => {
    const deck = buildDeck(
      draft({
        selectedSlides: ['title', 'no-such-slide'],
        customSlides: [
          {
            id: 'x',
            layoutId: 'gone',
            layoutName: 'Gone',
            placeholders: [{ objectId: 'a', label: 'A', type: 'BODY' }],
            placeholderContent: { a: 'Kept words' },
          },
        ],
      }),
      library,
    );
    expect(deck.warnings).toHaveLength(2);
    expect(deck.warnings[0]).toContain('no-such-slide');
    expect(texts(deck.slides.find((s) => s.id === 'x')!)).toContain('Kept words');
  });

  it('lists the deck’s sections on the agenda as the client reads them', () => {
    const deck = buildDeck(
      draft({ selectedSlides: ['agenda', 'about-us', 'product-controller', 'next-steps'] }),
      library,
    );
    const agenda = texts(deck.slides[0]!);
    expect(agenda.split('\n').filter((line) => !/^\d+$/.test(line))).toEqual(
      expect.arrayContaining([
        'The solution',
        'Why Frostline',
        'Your investment',
        'For Acme Cold Storage',
        'Next steps',
      ]),
    );
    for (const internal of ['Company', 'Products', 'Pricing', 'Sales', 'Your challenge']) {
      expect(agenda).not.toContain(internal);
    }
  });

  it('writes dates en-US without time-zone drift', () => {
    expect(formatDeckDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatDeckDate('2026-12-31')).toBe('December 31, 2026');
  });
});

describe('the rep who sends the deck', () => {
  const presenter = {
    name: 'Ana Ruiz',
    email: 'ana.ruiz@frostline.example',
    jobTitle: 'Account Executive',
    phone: '+1 555 0100',
  };
  const slide = (deck: ReturnType<typeof buildDeck>, id: string) =>
    deck.slides.find((s) => s.id === id)!;

  it('puts name, job title, e-mail and phone on the cover and the closing slide', () => {
    const deck = buildDeck(draft(), library, { presenter });
    for (const id of ['title', 'thank-you']) {
      const shown = texts(slide(deck, id));
      expect(shown).toContain('Ana Ruiz, Account Executive');
      expect(shown).toContain('ana.ruiz@frostline.example · +1 555 0100');
    }
    expect(texts(slide(deck, 'title'))).toContain('Presented by Ana Ruiz');
    // The rep's details replace the company's generic contact block.
    expect(texts(slide(deck, 'thank-you'))).not.toContain(library.brand.email);
    expect(deck.warnings).toEqual([]);
  });

  it('leaves out what the profile lacks', () => {
    const deck = buildDeck(draft(), library, {
      presenter: { ...presenter, jobTitle: null, phone: null },
    });
    const cover = texts(slide(deck, 'title'));
    expect(cover).toContain('Presented by Ana Ruiz\nana.ruiz@frostline.example');
    expect(cover).not.toContain('·');
  });

  it('keeps the company contact block without a presenter', () => {
    const deck = buildDeck(draft(), library);
    expect(texts(slide(deck, 'thank-you'))).toContain(library.brand.email);
    expect(texts(slide(deck, 'title'))).not.toContain('Presented by');
  });
});

describe('characters the font cannot draw', () => {
  const withClient = (clientName: string) => {
    const d = draft();
    return { ...d, basicInfo: { ...d.basicInfo, clientName } };
  };

  it('warns once, naming them, when the text has characters no font of the deck has', () => {
    const deck = buildDeck(withClient('\u0378東京 Foods \u{10FFFD}'), library);
    const warning = deck.warnings.find((w) => w.includes('no characters for'));
    expect(warning).toContain('no characters for U+0378 U+10FFFD:');
    expect(deck.warnings.filter((w) => w.includes('no characters for'))).toHaveLength(1);
  });

  it('names an invisible character by its code', () => {
    const deck = buildDeck(withClient('Acme\u000bFoods'), library);
    expect(deck.warnings.join(' ')).toContain('no characters for U+000B:');
  });

  it('says nothing for accented Latin the font has, nor for scripts a fallback font draws', () => {
    expect(buildDeck(withClient('Café Ørsted Łódź'), library).warnings).toEqual([]);
    expect(buildDeck(withClient('東京 شركة 삼성 🎉'), library).warnings).toEqual([]);
  });
});

describe("the deck's locale", () => {
  const inLocale = (locale: string) => {
    const base = draft({ selectedSlides: ['title', 'thank-you'] });
    return buildDeck(
      deckDraftSchema.parse({ ...base, basicInfo: { ...base.basicInfo, locale } }),
      library,
    );
  };

  it('writes every date and figure of a German deck as German does, in US dollars', () => {
    const deck = inLocale('de-DE');
    const all = deck.slides.map(texts).join('\n');
    expect(texts(deck.slides[0]!)).toContain('9. April 2026');
    expect(all).not.toContain('April 9, 2026');
    const controller = deck.slides.find((slide) => slide.id === 'pricing-controller')!;
    expect(texts(controller)).toContain('199,00\u00a0$');
    const quote = deck.slides.find((slide) => slide.title === 'Quote summary')!;
    expect(texts(quote)).toContain('2.189,00\u00a0$');
    // The rep's own wording of a price stays as typed; computed figures follow the locale.
    expect(all).toContain('Special: $5,000.00');
    for (const english of ['$199.00', '$2,189.00', '$5,995.00', '$1,873.50']) {
      expect(all).not.toContain(english);
    }
  });

  it('writes the date of a Japanese deck as Japanese does', () => {
    const deck = inLocale('ja-JP');
    expect(texts(deck.slides[0]!)).toContain('2026年4月9日');
    expect(deck.slides.map(texts).join('\n')).toContain('$2,189.00');
  });
});
