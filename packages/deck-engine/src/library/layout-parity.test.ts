import { describe, expect, it } from 'vitest';
import { drawing, expectGolden, rounded } from '../../test/golden-file.ts';
import { DEFAULT_BRAND } from './brand.ts';
import { createTemplateLibrary } from './template-library.ts';
import { interpretTemplate } from './interpret-template.ts';
import type { SlideContext } from './slide-kit.ts';
import { seedLayouts, seedParts } from './template-seed.ts';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';

/**
 * The nine custom-slide layouts were code until they became template documents. Their output
 * then — every element's kind, box, text lines and style, for five kinds of content — is kept
 * in `test/golden/layouts.json`, and the documents must draw exactly that (to 0.01 pt).
 * `UPDATE_GOLDENS=1 npx vitest run --project deck-engine src/library/layout-parity.test.ts`
 * writes it anew after a deliberate change.
 */

const ctx: SlideContext = {
  brand: DEFAULT_BRAND,
  clientName: 'Harbor Fresh Foods',
  headline: 'Cold-chain resilience proposal',
  dateText: 'March 5, 2026',
  contact: 'Dana Reyes',
  presenter: {
    name: 'Ada Rep',
    email: 'ada@frostline.example',
    jobTitle: 'Account Executive',
    phone: null,
  },
  pageNumber: 7,
  sections: ['Company', 'Products'],
  products: ['battery_backup'],
  priceBook: SEED_PRICE_BOOK,
};

const long = 'A sentence that goes on and on about cold chains, batteries and compliance. '.repeat(
  30,
);
const isPicture = (type: string) => /PICTURE|IMAGE/.test(type);
const contents: Record<string, (objectId: string, type: string) => string> = {
  sample: (id, type) =>
    isPicture(type) ? `https://pictures.example/${id}.jpg` : `Sample ${id.replace('_', ' ')}`,
  long: (_, type) => (isPicture(type) ? 'https://pictures.example/long.png' : long),
  cjk: (_, type) =>
    isPicture(type)
      ? 'https://pictures.example/東京.png'
      : '東京の冷蔵倉庫、温度管理と電池の提案。'.repeat(4),
  empty: () => '',
  padded: (id) => `   ${id}   \n\n`,
};

function drawAll() {
  const documents = new Map(seedLayouts().map((layout) => [layout.id, layout]));
  const drawn: Record<string, unknown> = {};
  for (const [name, valueOf] of Object.entries(contents)) {
    for (const layout of seedLayouts()) {
      const content = Object.fromEntries(
        layout.placeholders.map((p) => [p.objectId, valueOf(p.objectId, p.type)]),
      );
      drawn[`${layout.id} / ${name}`] = rounded(
        drawing(
          interpretTemplate(documents.get(layout.id)!, ctx, {
            parts: seedParts(),
            placeholders: content,
          }),
        ),
      );
    }
  }
  return drawn;
}

describe('custom-slide layouts as template documents', () => {
  it('offers every layout with its name, description and placeholders', () => {
    expect(createTemplateLibrary().layouts.map((l) => [l.id, l.name, l.placeholderCount])).toEqual(
      seedLayouts().map((l) => [l.id, l.name, l.placeholders.length]),
    );
    expect(createTemplateLibrary().layouts.map((l) => l.id)).toEqual([
      'title-only',
      'title-body',
      'two-columns',
      'image-caption',
      'text-image',
      'two-images',
      'section-header',
      'big-number',
      'quote',
    ]);
  });

  it('draws each layout as the golden output, with sample, long, CJK, empty and padded content', () => {
    expectGolden('layouts.json', drawAll());
  });

  it('draws through the engine the same as through the documents', () => {
    const content = { quote: 'Cold never slept better.', attribution: 'Dana Reyes' };
    const quote = seedLayouts().find((l) => l.id === 'quote')!;
    expect(
      createTemplateLibrary()
        .layouts.find((l) => l.id === 'quote')!
        .compose(ctx, content),
    ).toEqual(interpretTemplate(quote, ctx, { parts: seedParts(), placeholders: content }));
  });

  it('would notice a moved element', () => {
    const quote = seedLayouts().find((l) => l.id === 'quote')!;
    const moved = {
      ...quote,
      elements: quote.elements.map((e) => (e.kind === 'rect' ? { ...e, x: e.x + 1 } : e)),
    };
    const content = { quote: 'Q', attribution: 'A' };
    const golden = interpretTemplate(quote, ctx, { parts: seedParts(), placeholders: content });
    expect(
      interpretTemplate(moved, ctx, { parts: seedParts(), placeholders: content }),
    ).not.toEqual(golden);
  });
});
