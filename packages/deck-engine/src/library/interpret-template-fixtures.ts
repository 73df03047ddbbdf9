import { templateLayoutSchema, type TemplatePart } from '@deck-portal/domain';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';
import type { TextElement } from '../layout/model.ts';
import { DEFAULT_BRAND } from './brand.ts';
import { interpretTemplate } from './interpret-template.ts';
import type { SlideContext } from './slide-kit.ts';

// The deck, and the documents drawn for it, that the tests of drawing template documents share.

export const ctx: SlideContext = {
  brand: { ...DEFAULT_BRAND, name: 'Polar', colors: { ...DEFAULT_BRAND.colors, accent: 'AA0011' } },
  clientName: 'Harbor Fresh Foods',
  headline: 'Cold-chain resilience proposal',
  dateText: 'March 5, 2026',
  contact: 'Dana Reyes',
  presenter: { name: 'Ada Rep', email: 'ada@polar.example', jobTitle: null, phone: '555 0100' },
  pageNumber: 4,
  sections: [],
  products: [],
  priceBook: SEED_PRICE_BOOK,
};

export const text = (t: unknown, extra: Record<string, unknown> = {}) => ({
  kind: 'text',
  x: 10,
  y: 10,
  w: 400,
  h: 40,
  text: t,
  style: { size: 12, color: 'brand.ink' },
  ...extra,
});

export function draw(elements: unknown[], parts: TemplatePart[] = [], placeholders = {}) {
  const document = templateLayoutSchema.parse({
    format: 1,
    id: 'test',
    name: 'Test',
    description: '',
    // A layout declares the fields its elements bind.
    placeholders: Object.keys(placeholders).map((objectId) => ({
      objectId,
      label: objectId,
      type: 'BODY',
    })),
    background: 'brand.accent',
    category: 'market',
    heading: 'For {{client.name}}',
    elements,
  });
  return interpretTemplate(document, ctx, {
    parts: new Map(parts.map((p) => [p.id, p])),
    placeholders,
  });
}

/** A layout of the sales category with these elements, for a context of a test's own. */
export const salesLayout = (elements: unknown[]) =>
  templateLayoutSchema.parse({
    format: 1,
    id: 'test',
    name: 'Test',
    description: '',
    placeholders: [],
    background: 'brand.background',
    category: 'sales',
    elements,
  });

export const texts = (slide: ReturnType<typeof draw>) =>
  slide.elements
    .filter((e): e is TextElement => e.kind === 'text')
    .map((e) => e.paragraphs.join(' / '));
