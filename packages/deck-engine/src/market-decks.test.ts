import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  deckDraftSchema,
  documentTexts,
  findMarket,
  SEED_MARKETS,
  selectDefaultSlides,
  type LanguageTranslations,
  type TemplateLibraryDocuments,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { buildDeck } from './build-deck.ts';
import { preflightDeckSlides } from './preflight/preflight-library.ts';
import { generateDeck } from './generate-deck.ts';
import { drawnElements, type Slide, type TextElement } from './layout/model.ts';
import { createTemplateLibrary, listTemplateSlides } from './library/template-library.ts';
import { seedLibraryDocuments } from './library/template-seed.ts';
import { drawTemplateSample } from './thumbnails.ts';

// Decks for clients abroad (issue 50): priced in the market's currency with its tax and only
// its incentives, written in the deck's language from the library's translations.

const seed = seedLibraryDocuments();

/** The engine's own words in a language, as the seeded library carries them. */
const engineWords = (language: string): LanguageTranslations =>
  JSON.parse(
    readFileSync(
      new URL(`./library/seed/translations/engine-${language}.json`, import.meta.url),
      'utf8',
    ),
  ) as LanguageTranslations;
const engineJa = engineWords('ja');
const engineAr = engineWords('ar');

/** The seeded library with only the translations given (the test's own tables). */
function libraryWith(
  translations: TemplateLibraryDocuments['translations'],
  extra: TemplateSlideDocument[] = [],
) {
  return createTemplateLibrary(undefined, {
    ...seed,
    slides: [...seed.slides, ...extra],
    translations,
  });
}

function draft(
  market: string,
  language: string,
  products: { id: string; quantity: number; customPricing: number }[],
  selectedSlides = ['title'],
  includePricing = true,
) {
  return deckDraftSchema.parse({
    basicInfo: {
      deckTitle: 'Export',
      clientName: 'Northwind',
      date: '2026-04-09',
      primaryContact: 'Dana Reyes',
      market,
      language,
    },
    productSelection: { selectedProducts: products, includePricing, customPricing: {} },
    templateCustomization: { selectedSlides, customSlides: [] },
  });
}

/** Each PDF page's text as poppler's pdftotext reads it, in reading order. */
function pdfPages(pdf: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'market-deck-'));
  try {
    const file = join(dir, 'deck.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    })
      .split('\f')
      .slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const textsOf = (slide: Slide) =>
  drawnElements(slide.elements).flatMap((element): TextElement[] =>
    element.kind === 'text'
      ? [element]
      : element.kind === 'table'
        ? element.rows.flatMap((row) => row.map((cell) => cell.text))
        : [],
  );
const wordsOf = (slide: Slide) =>
  textsOf(slide)
    .map((text) => text.lines.map((line) => line.text).join(' '))
    .join('\n');

/** Every text of the title slide and the parts it places, in "Japanese" (marked). */
function wholeTitleSlide(): LanguageTranslations {
  const title = seed.slides.find((slide) => slide.id === 'title')!;
  const parts = title.elements.flatMap((element) =>
    element.kind === 'part' ? seed.parts.filter((part) => part.id === element.part) : [],
  );
  const texts = [title, ...parts].flatMap((document) => documentTexts(document));
  return Object.fromEntries(texts.map((text) => [text, `和訳：${text}`]));
}

describe('a deck for a client in Japan, in Japanese', () => {
  const table: LanguageTranslations = {
    ...engineJa,
    ...wholeTitleSlide(),
    'Quote summary': 'お見積もりの概要',
    Controller: 'コントローラー',
  };
  const library = libraryWith({ ja: table });
  const jp = draft('JP', 'ja', [
    { id: 'controller', quantity: 11, customPricing: 29_000 },
    { id: 'battery_backup', quantity: 1, customPricing: 880_000 },
  ]);

  it('quotes in yen without decimals, adds consumption tax, takes no US credit', async () => {
    const deck = await generateDeck(jp, { library });
    const pages = pdfPages(deck.pdf);
    const quote = pages.at(-1)!;
    expect(quote).toContain('お見積もりの概要');
    // 11 × ¥29,000 + ¥880,000, shipping ¥5,300 + ¥37,500: ¥1,241,800 before tax.
    expect(quote).toMatch(/小計\s+￥1,199,000/);
    expect(quote).toMatch(/配送・納品\s+￥42,800/);
    expect(quote).toMatch(/消費税 \(10%\)\s+￥124,180/);
    expect(quote).toMatch(/お支払い総額\s+￥1,365,980/);
    expect(pages.join('\n')).not.toMatch(/￥[\d,]+\.\d/);
    // The battery's credit is a US incentive: no credit line, no net cost after it.
    expect(pages.join('\n')).not.toMatch(/ITC|税額控除|credit/i);
    // Each product's own total is before the tax, and says so.
    expect(pages[1]).toMatch(/消費税抜き合計\s+￥324,300/);
    expect(pages[1]).toContain('コントローラー');
  });

  it('lists each slide shown partly in English, and not one wholly translated', () => {
    const deck = buildDeck(jp, library);
    const listed = deck.warnings.filter((warning) => warning.includes('Japanese translation'));
    expect(listed).toContainEqual(
      expect.stringMatching(
        /^"Quote summary": \d+ texts? ha(s|ve) no Japanese translation and (is|are) shown in English$/,
      ),
    );
    expect(listed.some((warning) => warning.startsWith('"Title"'))).toBe(false);
    // The rep's preflight lists them too, slide by slide, quoting the texts.
    const findings = preflightDeckSlides(deck).filter((f) => f.kind === 'untranslated');
    expect(findings.map((finding) => finding.slideId)).toContain('quote-summary');
    expect(findings.some((finding) => finding.slideNumber === 1)).toBe(false);
    expect(findings[0]!.message).toMatch(
      /^“.+” .*no Japanese translation: the slide shows (it|them) in English\. Add the translation on the library's Languages page, or send the slide as it is\.$/,
    );
    const cover = wordsOf(deck.slides[0]!);
    expect(cover).toContain('和訳：Prepared for');
    // The client is addressed as Japanese addresses a person: 様 after the name.
    expect(deck.slides.map(wordsOf).join('\n')).not.toContain('Proposal for');
  });

  it('keeps what it drew of the library for the next deck in Japanese, its untranslated texts still told', () => {
    const first = buildDeck(jp, library);
    const second = buildDeck(jp, library);
    // The library's fixed shapes and texts, translated once, are drawn once: the next deck takes
    // the same drawings (a deck in English does the same).
    const kept = second.slides.flatMap((slide, i) =>
      slide.elements.filter((element) => first.slides[i]!.elements.includes(element)),
    );
    // Its shapes too, which are drawn anew whenever the drawing is not kept (texts may come back
    // the same from the layout's own cache).
    expect(kept.filter((element) => element.kind !== 'text').length).toBeGreaterThan(10);
    expect(second.warnings).toEqual(first.warnings);
    expect(second.slides.map((slide) => slide.untranslated)).toEqual(
      first.slides.map((slide) => slide.untranslated),
    );
    expect(second.slides.find((slide) => slide.id === 'quote-summary')?.untranslated).toBeDefined();
  });

  it('previews a library slide in Japanese for the studio, in English by default', () => {
    expect(wordsOf(drawTemplateSample(library, 'quote-summary', 'ja')!)).toContain(
      'お見積もりの概要',
    );
    expect(wordsOf(drawTemplateSample(library, 'quote-summary')!)).toContain('Quote summary');
  });

  it('draws an English deck for the same client with the English words', () => {
    const deck = buildDeck(
      { ...jp, basicInfo: { ...jp.basicInfo, language: 'en', locale: 'en-US' } },
      library,
    );
    expect(deck.warnings.some((warning) => warning.includes('translation'))).toBe(false);
    const quote = wordsOf(deck.slides.at(-1)!);
    expect(quote).toContain('Consumption tax (10%)');
    expect(quote).toContain('¥1,365,980');
  });
});

describe('a deck for a client in the UAE, in Arabic', () => {
  const library = libraryWith({ ar: { ...engineAr, 'Quote summary': 'ملخص عرض السعر' } });
  const ae = draft('AE', 'ar', [{ id: 'battery_backup', quantity: 1, customPricing: 21_000 }]);

  it('quotes in dirhams with VAT at 5 %, right to left', () => {
    const deck = buildDeck(ae, library);
    const quote = deck.slides.at(-1)!;
    const words = wordsOf(quote);
    // AED 21,000 + white-glove delivery AED 918 (USD 250 at 3.6725, to whole dirhams).
    expect(words).toMatch(/ضريبة القيمة المضافة \(5%\)\s+1,095\.90\sد\.إ\./);
    expect(words).toMatch(/الإجمالي المستحق\s+23,013\.90\sد\.إ\./);
    expect(words).not.toContain('$');
    const heading = textsOf(quote).find((text) => text.lines[0]?.text === 'ملخص عرض السعر')!;
    expect(heading.align).toBe('right');
  });

  it('draws a PDF whose quote reads in dirhams', async () => {
    const { pdf } = await generateDeck(ae, { library });
    const quote = pdfPages(pdf).at(-1)!;
    expect(quote).toContain('23,013.90');
    expect(quote).not.toContain('$');
  });
});

describe('a deck for a client in Germany, in German', () => {
  const de = draft('DE', 'de', [{ id: 'battery_backup', quantity: 1, customPricing: 5234.5 }]);

  it('writes euros as Germans do and adds VAT at 19 %', async () => {
    const deck = await generateDeck(de, { library: libraryWith(undefined) });
    const quote = pdfPages(deck.pdf)
      .at(-1)!
      .replace(/\u00a0|\u202f/g, ' ');
    expect(quote).toMatch(/Subtotal\s+5\.234,50 €/);
    // €5,234.50 + €230 white-glove delivery = €5,464.50; 19 % of it is €1,038.26 (rounded).
    expect(quote).toMatch(/VAT \(19 %\)\s+1\.038,26 €/);
    expect(quote).toMatch(/Total you pay\s+6\.502,76 €/);
    expect(quote).not.toMatch(/credit|\$/i);
  });

  it('lists every slide as shown in English when the library has no German', () => {
    const deck = buildDeck(de, libraryWith(undefined));
    const listed = deck.warnings.filter((warning) => warning.includes('no German translation'));
    expect(listed.map((warning) => warning.split(':')[0])).toEqual(
      expect.arrayContaining(['"Title"', '"Pricing (one per product)"', '"Quote summary"']),
    );
  });
});

describe('a market whose prices include its tax', () => {
  it('states the tax in the total without adding it, the totals labelled as paid', () => {
    const inclusive = {
      ...findMarket(SEED_MARKETS, 'DE')!,
      tax: { name: 'VAT', percent: 19, inclusive: true },
    };
    const de = draft('DE', 'en', [{ id: 'battery_backup', quantity: 1, customPricing: 5000 }]);
    const deck = buildDeck(de, libraryWith(undefined), { market: inclusive });
    // €5,000 + €230 delivery = €5,230, of which 19/119 is VAT: €835.04.
    const quote = wordsOf(deck.slides.at(-1)!).replace(/\u00a0/g, ' ');
    expect(quote).toMatch(/Total you pay\s+€5,230\.00\s+Includes VAT \(19%\)\s+€835\.04/);
    expect(wordsOf(deck.slides.at(-2)!)).toMatch(/Total you pay\s+€5,230\.00/);
  });
});

describe('market-specific slides and forms of address', () => {
  const onlyUs: TemplateSlideDocument = {
    format: 1,
    id: 'fda-rules',
    title: 'FDA rules',
    description: 'For US clients.',
    category: 'market',
    markets: ['US'],
    background: 'brand.background',
    elements: [
      {
        kind: 'text',
        x: 48,
        y: 48,
        w: 600,
        h: 80,
        text: ['{{client.addressed}}', '{{contact.greeting}}'],
        style: { weight: 'regular', size: 14, color: 'brand.ink' },
      },
    ],
  };
  const anywhere: TemplateSlideDocument = {
    ...onlyUs,
    id: 'letter',
    title: 'Letter',
    markets: undefined,
    elements: [
      ...onlyUs.elements,
      {
        kind: 'text',
        x: 48,
        y: 200,
        w: 600,
        h: 40,
        when: { markets: ['US'] },
        text: 'Cleared by the FDA',
        style: { weight: 'regular', size: 14, color: 'brand.ink' },
      },
    ],
  };
  const library = libraryWith({ ja: engineJa }, [onlyUs, anywhere]);
  const controller = [{ id: 'controller', quantity: 1, customPricing: 199 }];

  it('leaves a US-only slide out of a deck for Japan, saying so', () => {
    const jp = draft('JP', 'ja', controller, ['fda-rules', 'letter'], false);
    const deck = buildDeck(jp, library);
    expect(deck.slides.map((slide) => slide.id)).toEqual(['letter']);
    expect(deck.warnings).toContain(
      '"FDA rules" is only for decks in US: left out of this deck for Japan.',
    );
    // 御中 after the company, 様 after the person; no "Dear".
    expect(wordsOf(deck.slides[0]!)).toBe('Northwind 御中 Dana Reyes 様');
    // The US-only sentence is not shown, so not listed as untranslated either.
    expect(deck.warnings.filter((warning) => warning.startsWith('"Letter"'))).toEqual([]);
  });

  it('is offered with its markets, and in the default selection only for them', () => {
    const listed = listTemplateSlides(
      libraryWith(undefined, [{ ...onlyUs, inDefaultSelection: true }]),
    );
    expect(listed.find((slide) => slide.id === 'fda-rules')?.markets).toEqual(['US']);
    expect(selectDefaultSlides(listed, ['controller'], 'US')).toContain('fda-rules');
    expect(selectDefaultSlides(listed, ['controller'], 'JP')).not.toContain('fda-rules');
  });

  it('keeps it in a deck for the US, greeting in English', () => {
    const us = draft('US', 'en', controller, ['fda-rules'], false);
    const deck = buildDeck(us, library, { market: findMarket(SEED_MARKETS, 'US')! });
    expect(deck.slides.map((slide) => slide.id)).toEqual(['fda-rules']);
    expect(wordsOf(deck.slides[0]!)).toBe('Northwind Dear Dana Reyes,');
    expect(
      wordsOf(buildDeck(draft('US', 'en', controller, ['letter'], false), library).slides[0]!),
    ).toContain('Cleared by the FDA');
  });
});

describe('the return on investment abroad', () => {
  const roi = (market: string, customPricing: number) =>
    buildDeck(
      draft(
        market,
        'en',
        [{ id: 'controller', quantity: 11, customPricing }],
        ['return-on-investment'],
      ),
      createTemplateLibrary(),
    ).slides.find((slide) => slide.id === 'return-on-investment')!;

  it('states the client’s costs in the deck’s currency, so its payback is believable', () => {
    const us = wordsOf(roi('US', 199));
    const japan = wordsOf(roi('JP', 29_900));
    // The library's $12,000 of spoiled stock a year is about ¥1,800,000 in Japan (written as
    // English writes yen: the deck is in English).
    expect(us).toContain('$12,000');
    expect(japan).toContain('¥1,800,000');
    expect(japan).not.toContain('¥12,000');
    // The same payback but for the consumption tax Japan adds to what the client pays:
    // 12 months in the US, 14 in Japan, where ¥12,000 of costs made it over 3,000.
    const payback = (words: string) => Number(/(\d[\d,]*) months?/.exec(words)?.[1]);
    expect(payback(us)).toBe(12);
    expect(payback(japan)).toBe(14);
  });
});

describe('money in the price book’s terms texts', () => {
  /** The seeded library's translations of a language (the products' texts among them). */
  const seeded = (language: string) =>
    JSON.parse(
      readFileSync(
        new URL(`./library/seed/translations/${language}.json`, import.meta.url),
        'utf8',
      ),
    ) as LanguageTranslations;
  const library = libraryWith({ ja: seeded('ja'), de: seeded('de'), ar: seeded('ar') });
  /** The battery's pricing slide's words, its maintenance terms among them. */
  const batteryTerms = (market: string, language: string) => {
    const deck = buildDeck(
      draft(market, language, [{ id: 'battery_backup', quantity: 1, customPricing: 1000 }]),
      library,
    );
    const pricing = deck.slides.find((slide) => slide.id === 'pricing-battery_backup')!;
    return wordsOf(pricing).replace(/\u00a0|\u202f/g, ' ');
  };

  it('states the monitoring fee in the deck’s currency, from the market’s list', () => {
    // $75 a year: ¥11,300 at the yen list's 150, to hundreds; the euro list's own €69.
    const japan = batteryTerms('JP', 'ja');
    expect(japan).toContain('バッテリー監視：24か月込み、以降は年額￥11,300');
    expect(japan).not.toContain('$');
    const germany = batteryTerms('DE', 'de');
    expect(germany).toContain('danach 69 € pro Jahr');
    // AED 275 at 3.6725, to whole dirhams, in Arabic's words.
    expect(batteryTerms('AE', 'ar')).toMatch(/ثم 275\s?د\.إ\.‏? سنويًا/);
    // The US deck reads as it always has.
    expect(batteryTerms('US', 'en')).toContain(
      'Battery monitoring: 24 months included, then $75 per year',
    );
  });
});
