import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  deckDraftSchema,
  parseTemplateDocuments,
  selectDefaultSlides,
  type ProductId,
} from '@deck-portal/domain';
import { buildDeck } from '../build-deck.ts';
import { findProduct } from '@deck-portal/domain/pricing';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { seedPicture } from '../images/seed-pictures.ts';
import type { Slide, TextElement } from '../layout/model.ts';
import { createTemplateLibrary, listTemplateSlides } from './template-library.ts';
import { seedFileSchemas, seedLibraryDocuments } from './template-seed.ts';

describe('the seed files', () => {
  // The engine reads them without checking them (a fresh process's first deck would spend a
  // tenth of a second in zod): each must be exactly what its schema makes of it.
  it.each(Object.entries(seedFileSchemas()))(
    '%s follows the template format as its schema answers it (defaults written out, keys in order)',
    (file, schema) => {
      const written = JSON.parse(
        readFileSync(new URL(`./seed/${file}`, import.meta.url), 'utf8'),
      ) as unknown;
      const parsed = parseTemplateDocuments(schema as never, written, `seed/${file}`);
      expect(
        JSON.stringify(written),
        `seed/${file} is not in its schema's form: run \`node --import tsx scripts/normalise-seed.ts\` in packages/deck-engine`,
      ).toBe(JSON.stringify(parsed));
    },
  );

  it('make a library whose documents each schema accepts as they are', () => {
    const documents = seedLibraryDocuments();
    expect(documents.slides.length).toBeGreaterThan(20);
    expect(Object.keys(documents.translations ?? {})).toEqual(['ja', 'ar', 'de']);
  });
});

/** The seeded library as a rep meets it: the default deck of a small order, as built. */
const library = createTemplateLibrary();
const presenter = {
  name: 'Ada Rep',
  email: 'ada@frostline.example',
  jobTitle: 'Account Executive',
  phone: null,
};

function defaultDeck(products: ProductId[], { date = '2026-03-05', locale = 'en-US' } = {}) {
  const draft = deckDraftSchema.parse({
    basicInfo: {
      deckTitle: 'Harbor, internal',
      clientName: 'Harbor Fresh Foods',
      date,
      locale,
      primaryContact: 'Dana Reyes',
    },
    productSelection: {
      selectedProducts: products.map((id) => ({ id, quantity: 10 })),
      includePricing: true,
    },
    templateCustomization: {
      selectedSlides: selectDefaultSlides(listTemplateSlides(library), products),
      customSlides: [],
    },
  });
  return buildDeck(draft, library, { presenter });
}

const lines = (slide: Slide) =>
  slide.elements.filter((e): e is TextElement => e.kind === 'text').flatMap((e) => e.paragraphs);

/** The small capitals above a content slide's title: its category as the client reads it. */
const kicker = (slide: Slide) => {
  const first = slide.elements.find((e): e is TextElement => e.kind === 'text');
  const text = first?.paragraphs.join(' ') ?? '';
  return text === text.toUpperCase() ? text : '';
};

describe('the seeded library’s default deck for a small order', () => {
  it('has 12 to 14 slides in the order a buyer reads, the confidentiality notice last', () => {
    const loggers = defaultDeck(['data_logger']);
    expect(loggers.slides.map((slide) => slide.id)).toEqual([
      'title',
      'agenda',
      'market-challenge',
      'solution-architecture',
      'product-data-logger',
      'case-study',
      'deployment-plan',
      'return-on-investment',
      'pricing-data_logger',
      'quote-summary',
      'next-steps',
      'confidentiality',
    ]);
    // One or two lines of the price book: each a product slide and a pricing slide more.
    for (const order of [
      ['battery_backup', 'bms'],
      ['data_logger', 'controller'],
    ] as ProductId[][]) {
      const deck = defaultDeck(order);
      expect(deck.slides.length, order.join(' + ')).toBeGreaterThanOrEqual(12);
      expect(deck.slides.length, order.join(' + ')).toBeLessThanOrEqual(14);
      expect(deck.slides.slice(-2).map((slide) => slide.id)).toEqual([
        'next-steps',
        'confidentiality',
      ]);
    }
  });

  it('reads situation, solution, proof, plan, investment and next steps on its kickers and agenda', () => {
    const deck = defaultDeck(['data_logger']);
    const kickers = deck.slides.map(kicker).filter(Boolean);
    expect([...new Set(kickers)]).toEqual([
      'OVERVIEW',
      'YOUR CHALLENGE',
      'THE SOLUTION',
      'WHY FROSTLINE',
      'THE PLAN',
      'YOUR INVESTMENT',
      'NEXT STEPS',
      'ABOUT THIS PROPOSAL',
    ]);
    const agenda = lines(deck.slides.find((slide) => slide.id === 'agenda')!);
    const sections = agenda.filter((line, i) => /^\d\d$/.test(agenda[i - 1] ?? ''));
    expect(sections).toEqual([
      'Your challenge',
      'The solution',
      'Why Frostline',
      'The plan',
      'Your investment',
      'Next steps',
    ]);
    const everything = deck.slides.flatMap(lines).join('\n');
    for (const internal of ['SALES', 'STRATEGY', 'PRODUCTS', 'COMPANY', 'MARKET', 'LEGAL']) {
      expect(everything).not.toMatch(new RegExp(`\\b${internal}\\b`));
    }
  });

  it('gives next steps addressed to the reader, dated from the deck’s date, the rep as owner', () => {
    const steps = lines(defaultDeck(['data_logger']).slides.find((s) => s.id === 'next-steps')!);
    expect(steps).toEqual(
      expect.arrayContaining([
        'Confirm your scope',
        'By March 12, 2026',
        'By March 19, 2026',
        'By April 2, 2026',
        'Owner: Ada Rep',
      ]),
    );
    expect(steps.filter((line) => line === 'Owner: Ada Rep')).toHaveLength(3);
    expect(steps.join(' ')).toContain('valid until May 4, 2026');

    const british = lines(
      defaultDeck(['data_logger'], { date: '2026-12-20', locale: 'en-GB' }).slides.find(
        (s) => s.id === 'next-steps',
      )!,
    );
    expect(british).toEqual(
      expect.arrayContaining(['By 27 December 2026', 'By 3 January 2027', 'By 17 January 2027']),
    );
  });

  it('keeps the next steps’ dates and owners at their size in an Arabic or Japanese deck', () => {
    const sizes = (locale: string) =>
      defaultDeck(['data_logger'], { locale })
        .slides.find((slide) => slide.id === 'next-steps')!
        .elements.filter(
          (e): e is TextElement => e.kind === 'text' && /-due$|-owner$/.test(e.name ?? ''),
        )
        .map((e) => e.size);
    const english = sizes('en-US');
    expect(english).toEqual([12.5, 10.5, 12.5, 10.5, 12.5, 10.5]);
    expect(sizes('ar-AE')).toEqual(english);
    expect(sizes('ja-JP')).toEqual(english);
  });

  it('shows each product slide’s picture from the price book, large and clear of its words', () => {
    const deck = defaultDeck(['data_logger', 'battery_backup', 'bms', 'controller']);
    const productSlides = deck.slides.filter((slide) => slide.id.startsWith('product-'));
    expect(productSlides.map((slide) => slide.id)).toEqual([
      'product-data-logger',
      'product-battery-bms',
      'product-controller',
    ]);
    for (const [slide, product] of productSlides.map(
      (slide, i) => [slide, ['data_logger', 'battery_backup', 'controller'][i]!] as const,
    )) {
      const picture = slide.elements.find((e) => e.kind === 'image');
      expect(picture?.kind, slide.id).toBe('image');
      if (picture?.kind !== 'image') continue;
      expect(picture.src).toBe(findProduct(SEED_PRICE_BOOK, product)!.picture);
      expect(seedPicture(picture.src), picture.src).toBeDefined();
      expect(picture.w).toBeGreaterThanOrEqual(200);
      for (const words of slide.elements.filter((e): e is TextElement => e.kind === 'text')) {
        const apart =
          words.x >= picture.x + picture.w ||
          words.x + words.w <= picture.x ||
          words.y >= picture.y + picture.h ||
          words.y + words.h <= picture.y;
        expect(apart, `${slide.id}: "${words.paragraphs.join(' ')}" over the picture`).toBe(true);
      }
    }
  });
});
