import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  deckDraftSchema,
  documentTexts,
  findMarket,
  isTranslatable,
  priceBookForMarket,
  SEED_MARKETS,
  SEED_PRICE_LISTS,
} from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import { buildDeck } from '../build-deck.ts';
import type { TextElement } from '../layout/model.ts';
import { TEMPLATE_CATEGORIES } from './categories.ts';
import { ctx } from './interpret-template-fixtures.ts';
import { interpretTemplate } from './interpret-template.ts';
import { createTemplateLibrary, listTemplateSlides } from './template-library.ts';
import {
  SEED_TRANSLATED_LANGUAGES,
  seedLayouts,
  seedLibraryDocuments,
  seedParts,
  seedSlides,
} from './template-seed.ts';

/** The seeded library in Japanese and Arabic, and its US-only content (issue 50). */

const documents = [
  ...seedSlides().map((slide) => ({ name: `slide "${slide.id}"`, document: slide })),
  ...seedLayouts().map((layout) => ({ name: `layout "${layout.id}"`, document: layout })),
  ...[...seedParts().values()].map((part) => ({ name: `part "${part.id}"`, document: part })),
];

/** What the engine translates besides the documents: the price book's words, categories, taxes. */
const engineWords = [
  ...SEED_PRICE_BOOK.products.flatMap((product) =>
    [
      product.name,
      product.description,
      ...product.features,
      product.monthsIncluded,
      product.annualMonitoring,
      product.maintenance,
    ].filter(isTranslatable),
  ),
  ...TEMPLATE_CATEGORIES.flatMap((category) => [category.name, category.label ?? category.name]),
  ...SEED_MARKETS.flatMap((market) => (market.tax ? [market.tax.name] : [])),
];

/**
 * A text's bindings as a translation must keep them: each path with its filters. The words of
 * a `default` are the language's own, and so is the full stop `sentence` adds (Japanese ends a
 * sentence with 。, not after the client's name).
 */
function bindingsOf(text: string, language: string): string {
  const ownFullStop = language === 'ja';
  return (text.match(/\{\{[^}]*\}\}/g) ?? [])
    .map((binding) => binding.replace(/\|\s*default:\s*"[^"]*"/, '| default'))
    .map((binding) => (ownFullStop ? binding.replace(/\s*\|\s*sentence/, '') : binding))
    .sort()
    .join(' ');
}

describe('the seeded library’s translations', () => {
  const translations = seedLibraryDocuments().translations ?? {};

  it.each(SEED_TRANSLATED_LANGUAGES)(
    'give every text of every slide, layout and part a %s translation',
    (language) => {
      const table = translations[language] ?? {};
      const missing = documents.flatMap(({ name, document }) =>
        documentTexts(document)
          .filter((text) => !table[text]?.trim())
          .map((text) => `${name}: ${text}`),
      );
      expect(missing).toEqual([]);
      expect(engineWords.filter((word) => !table[word]?.trim())).toEqual([]);
    },
  );

  it.each(SEED_TRANSLATED_LANGUAGES)('keep each source’s bindings in %s', (language) => {
    const table = translations[language] ?? {};
    const changed = Object.entries(table).filter(
      ([source, target]) => bindingsOf(source, language) !== bindingsOf(target, language),
    );
    expect(changed).toEqual([]);
  });

  it.each(SEED_TRANSLATED_LANGUAGES)(
    'translate only texts the seeded library has, in the %s file',
    (language) => {
      const file = JSON.parse(
        readFileSync(new URL(`./seed/translations/${language}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      const known = new Set([
        ...documents.flatMap(({ document }) => documentTexts(document)),
        ...engineWords,
      ]);
      expect(Object.keys(file).filter((source) => !known.has(source))).toEqual([]);
    },
  );

  it('reads as Japanese and Arabic, not as English left in place', () => {
    const heading = 'The cold-chain challenge';
    expect(translations.ja?.[heading]).toBe('コールドチェーンの課題');
    expect(translations.ar?.[heading]).toBe('تحدي سلسلة التبريد');
    for (const [language, script] of [
      ['ja', /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u],
      ['ar', /\p{Script=Arabic}/u],
    ] as const) {
      const sentences = Object.entries(translations[language] ?? {}).filter(([source]) =>
        /[a-z]{3,} [a-z]{3,}/.test(source.replace(/\{\{[^}]*\}\}/g, '')),
      );
      expect(sentences.length).toBeGreaterThan(150);
      const english = sentences.filter(([, target]) => !script.test(target));
      expect(english.map(([source]) => source)).toEqual([]);
    }
  });
});

describe('the seeded library’s US-only content', () => {
  /** The words a seeded slide draws in a deck for `market`, priced as the engine prices it there. */
  const drawn = (id: string, code: string) => {
    const market = findMarket(SEED_MARKETS, code)!;
    const { book } = priceBookForMarket(SEED_PRICE_BOOK, market, SEED_PRICE_LISTS);
    const slide = seedSlides().find((s) => s.id === id)!;
    const { elements } = interpretTemplate(
      slide,
      { ...ctx, market: code, priceBook: book },
      { parts: seedParts() },
    );
    return elements
      .flatMap((element) => {
        if (element.kind === 'text') return element.paragraphs;
        if (element.kind === 'table')
          return element.rows.flat().flatMap((cell) => cell.text.paragraphs);
        if (element.kind === 'image') return [element.alt ?? ''];
        return [];
      })
      .join('\n');
  };
  const usOnly = /FDA|FSMA|CFR|FCC|in the US|North America|investment tax credit|federal credit/;

  it('shows US statistics, the FDA’s rules and the US tax credit in a US deck', () => {
    expect(drawn('market-challenge', 'US')).toContain(
      'average duration of a major grid outage in the US in 2025',
    );
    expect(drawn('market-challenge', 'US')).toContain('Regulators (FDA FSMA, EU GDP)');
    expect(drawn('product-data-logger', 'US')).toContain('21 CFR 11');
    expect(drawn('certifications', 'US')).toContain('FDA-regulated temperature data');
    expect(drawn('about-us', 'US')).toContain('across North America');
    expect(drawn('confidentiality', 'US')).toContain('investment tax credit');
  });

  it.each(SEED_MARKETS.filter((market) => market.code !== 'US').map((market) => market.code))(
    'leaves them out of a deck for %s, with what holds there in their place',
    (market) => {
      for (const slide of seedSlides()) {
        expect(drawn(slide.id, market), `${slide.id} in ${market}`).not.toMatch(usOnly);
      }
      const challenge = drawn('market-challenge', market);
      expect(challenge).toContain('more weather-related power outages than a decade ago');
      expect(challenge).toContain('Regulators (HACCP, GDP)');
      expect(drawn('product-data-logger', market)).toContain('GDP · HACCP');
      expect(drawn('confidentiality', market)).toContain(
        'Savings figures depend on site conditions and applicable law.',
      );
      expect(drawn('certifications', market)).toContain('Good distribution practice');
    },
  );
});

describe('a deck of every seeded slide and product abroad', () => {
  const library = createTemplateLibrary();
  const deckFor = (market: string, language: string) =>
    buildDeck(
      deckDraftSchema.parse({
        basicInfo: {
          deckTitle: 'Harbor, internal',
          clientName: 'Harbor Fresh Foods',
          date: '2026-03-05',
          market,
          language,
          primaryContact: 'Dana Reyes',
        },
        productSelection: {
          selectedProducts: SEED_PRICE_BOOK.products.map(({ id }) => ({
            id,
            quantity: 10,
            customPricing: 100,
          })),
          includePricing: true,
        },
        templateCustomization: {
          selectedSlides: listTemplateSlides(library).map((slide) => slide.id),
          customSlides: [],
        },
      }),
      library,
      {
        presenter: {
          name: 'Ada Rep',
          email: 'ada@frostline.example',
          jobTitle: 'Account Executive',
          phone: null,
        },
      },
    );

  it.each([
    ['JP', 'ja'],
    ['AE', 'ar'],
  ])('for %s in %s lists no text shown in English and cuts none', (market, language) => {
    const deck = deckFor(market, language);
    expect(deck.warnings).toEqual([]);
    const cut = deck.slides.flatMap((slide) =>
      slide.elements
        .filter((element): element is TextElement => element.kind === 'text' && element.truncated)
        .map((element) => `${slide.id}: ${element.paragraphs.join(' ')}`),
    );
    expect(cut).toEqual([]);
  });
});
