import { describe, expect, it } from 'vitest';
import { deckDraftSchema } from '@deck-portal/domain';
import { buildDeck } from '../build-deck.ts';
import type { TextElement } from '../layout/model.ts';
import { DEFAULT_BRAND } from './brand.ts';
import { TEMPLATE_CATEGORIES } from './categories.ts';
import { createTemplateLibrary } from './template-library.ts';
import { seedLibraryDocuments } from './template-seed.ts';

const draft = deckDraftSchema.parse({
  basicInfo: {
    deckTitle: 'Internal',
    clientName: 'Acme Cold Storage',
    date: '2026-04-09',
    primaryContact: 'Sam Lee',
  },
  productSelection: {
    selectedProducts: [{ id: 'controller', quantity: 2 }],
    includePricing: false,
  },
  templateCustomization: {
    selectedSlides: ['agenda', 'market-challenge', 'case-study', 'deployment-plan'],
    customSlides: [],
  },
});

/** What a client reads of a deck drawn from these categories: the kickers, then the agenda. */
function clientWords(categories: unknown) {
  const documents = { ...seedLibraryDocuments(), categories } as ReturnType<
    typeof seedLibraryDocuments
  >;
  const deck = buildDeck(draft, createTemplateLibrary(undefined, documents));
  const textsOf = (id: string) =>
    deck.slides
      .find((slide) => slide.id === id)!
      .elements.filter((e): e is TextElement => e.kind === 'text')
      .flatMap((e) => e.paragraphs);
  return {
    kickers: ['market-challenge', 'case-study', 'deployment-plan'].map((id) => textsOf(id)[0]),
    agenda: textsOf('agenda').filter((line, i, all) => /^\d\d$/.test(all[i - 1] ?? '')),
  };
}

describe('a category’s client label', () => {
  it('is what the slides’ kickers and the agenda say, never the library’s grouping name', () => {
    const edited = TEMPLATE_CATEGORIES.map((category) =>
      category.id === 'strategy' ? { ...category, label: 'Getting you live' } : category,
    );
    expect(clientWords(edited)).toEqual({
      kickers: ['YOUR CHALLENGE', 'WHY FROSTLINE', 'GETTING YOU LIVE'],
      agenda: ['Your challenge', 'Why Frostline', 'Getting you live'],
    });
  });

  it('is the name when an editor leaves it empty', () => {
    const emptied = TEMPLATE_CATEGORIES.map((category) =>
      category.id === 'market' ? { ...category, label: '' } : category,
    );
    expect(clientWords(emptied).kickers[0]).toBe('MARKET');
  });

  it('reads as the built-in label for categories stored before labels, as its name once renamed', () => {
    const stored = TEMPLATE_CATEGORIES.map(({ id, name, color }) => ({
      id,
      color,
      name: id === 'strategy' ? 'Roll-out' : name,
    }));
    expect(clientWords(stored)).toEqual({
      kickers: ['YOUR CHALLENGE', 'WHY FROSTLINE', 'ROLL-OUT'],
      agenda: ['Your challenge', 'Why Frostline', 'Roll-out'],
    });
  });

  it('follows the brand’s name', () => {
    const library = createTemplateLibrary({ ...DEFAULT_BRAND, name: 'Glacier Grid' });
    expect(library.categories.find((category) => category.id === 'company')?.label).toBe(
      'Why Glacier Grid',
    );
  });
});
