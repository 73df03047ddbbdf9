import { describe, expect, it } from 'vitest';
import {
  deckDraftSchema,
  selectDefaultSlides,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { buildDeck } from '../build-deck.ts';
import type { Slide, SlideElement, TextElement } from '../layout/model.ts';
import { layoutText, type TextSpec } from '../layout/text-layout.ts';
import { createTemplateLibrary, listTemplateSlides } from '../library/template-library.ts';
import { seedLibraryDocuments } from '../library/template-seed.ts';
import { drawTemplateSample } from '../thumbnails.ts';
import { preflightDeck, preflightSlide } from './preflight-slide.ts';

function words(text: string, box: Partial<TextSpec> = {}): TextElement {
  return layoutText({ x: 60, y: 60, w: 400, h: 60, size: 16, color: '1A2B3C', text, ...box });
}

function slide(...elements: SlideElement[]): Slide {
  return { id: 's1', kind: 'template', title: 'Our approach', background: 'FFFFFF', elements };
}

const kinds = (found: { kind: string }[]) => found.map((finding) => finding.kind);

describe('preflightSlide: placeholder words', () => {
  it.each([
    ['TODO: add the warranty terms', '“TODO”'],
    ['Savings of TBD per site', '“TBD”'],
    ['Lorem ipsum dolor sit amet', '“Lorem”'],
    ['Call XXX on the day', '“XXX”'],
    ['Dear {{contact.nme}}, thank you', '“{{contact.nme}}”'],
    ['Welcome {{client.name', '“{{”'],
  ])('names “%s” as unfinished', (text, shown) => {
    const [finding, ...rest] = preflightSlide(slide(words(text)));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ slideId: 's1', kind: 'placeholder-text' });
    expect(finding!.message).toContain(shown);
    expect(finding!.element).toBe(`“${text.split(/\s+/).slice(0, 6).join(' ')}”`);
  });

  it('names a heading that starts with an editing note such as "NEW v2 TEXT:"', () => {
    const [finding] = preflightSlide(slide(words('NEW v2 TEXT: Cold chain you can trust')));
    expect(finding?.kind).toBe('placeholder-text');
    expect(finding?.message).toContain('editing note (“NEW v2 TEXT:”)');
  });

  it('leaves ordinary words alone: "new", "todos", a name such as Xxx, a table of figures', () => {
    const found = preflightSlide(
      slide(
        words('New sites come online with todos ticked off'),
        words('Ms Xxx and the news: NEWS TODAY', { y: 140 }),
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('preflightSlide: pictures', () => {
  it('names a picture frame left empty, and what is under it', () => {
    const card = words('Ten years of uptime across every site', { y: 100 });
    const found = preflightSlide({
      ...slide(card),
      emptyPictures: [{ x: 40, y: 80, w: 300, h: 80, at: 1 }],
    });
    expect(kinds(found)).toEqual(['covered-text', 'empty-picture']);
    expect(found[0]!.message).toBe(
      'An empty picture frame lies over the text “Ten years of uptime across every…” and hides some of its words. Move one of them.',
    );
    expect(found[1]!.message).toContain('has no picture');
  });

  it('names a picture that could not be loaded (the client sees a marked empty frame)', () => {
    const picture: SlideElement = {
      kind: 'image',
      x: 500,
      y: 60,
      w: 200,
      h: 120,
      src: 'https://pictures.example/plant.png',
      fit: 'cover',
      alt: 'The plant',
    };
    expect(preflightSlide(slide(picture))).toEqual([]);
    const found = preflightSlide(slide(picture), {
      missingPictures: new Set(['https://pictures.example/plant.png']),
    });
    expect(found).toEqual([
      expect.objectContaining({ kind: 'empty-picture', element: 'picture “The plant”' }),
    ]);
  });
});

describe('preflightSlide: covered text', () => {
  const text = words('Monitoring that never sleeps, at every site');

  it('names a filled shape or a picture drawn over the words', () => {
    const card: SlideElement = { kind: 'rect', x: 200, y: 50, w: 120, h: 60, fill: 'EEF3F8' };
    expect(kinds(preflightSlide(slide(text, card)))).toEqual(['covered-text']);
    const picture: SlideElement = {
      kind: 'image',
      ...{ x: 100, y: 60, w: 80, h: 40 },
      src: 'a.png',
      fit: 'cover',
      alt: '',
    };
    expect(preflightSlide(slide(text, picture))[0]?.message).toMatch(/^A picture lies over/);
  });

  it('names a text drawn over another', () => {
    const found = preflightSlide(slide(text, words('Uptime 99.9%', { x: 120 })));
    expect(found[0]?.message).toContain('The text “Uptime 99.9%” lies over the text “Monitoring');
  });

  it('accepts a card under its text, a faint tint over it and an outline around it', () => {
    const card: SlideElement = { kind: 'rect', x: 40, y: 40, w: 460, h: 100, fill: 'EEF3F8' };
    const tint: SlideElement = { ...card, fill: 'FFFFFF', fillOpacity: 0.2 };
    const outline: SlideElement = {
      ...card,
      fill: undefined,
      stroke: { color: '000000', width: 1 },
    };
    expect(preflightSlide(slide(card, text, tint, outline))).toEqual([]);
  });
});

describe('preflightSlide: fitting', () => {
  it('names a text cut because it does not fit even at its smallest size', () => {
    const long = words('A sentence far too long for the small box it was given on the slide', {
      w: 120,
      h: 20,
      minSize: 12,
    });
    expect(long.truncated).toBe(true);
    const [finding] = preflightSlide(slide(long));
    expect(finding?.kind).toBe('overflow');
    expect(finding?.message).toContain('does not fit its box even at 12 pt: its end is cut');
  });

  it('names a text shrunk below a readable size, not one designed small', () => {
    const shrunk = words('Warranty terms apply to every controller sold in the year', {
      w: 160,
      h: 16,
      size: 14,
      minSize: 5,
    });
    expect(shrunk.size).toBeLessThan(8);
    const [finding] = preflightSlide(slide(shrunk));
    expect(finding?.kind).toBe('small-text');
    expect(finding?.message).toContain(`was shrunk from 14 pt to ${shrunk.size} pt`);
    // A footnote set at 7 pt by its designer fits as it is: nothing to say.
    expect(preflightSlide(slide(words('Prices exclude tax and shipping', { size: 7 })))).toEqual(
      [],
    );
  });
});

describe('preflightSlide: contrast', () => {
  it('names body text too pale for what is behind it (WCAG AA, 4.5 to 1)', () => {
    const pale = words('Every reading is kept for seven years', { color: 'A9B4C2' });
    const [finding] = preflightSlide(slide(pale));
    expect(finding?.kind).toBe('low-contrast');
    expect(finding?.message).toContain('(#A9B4C2 on #FFFFFF) stands out only 2.1 to 1');
  });

  it('judges text by the card behind it, blended when the card is see-through', () => {
    const white = words('Every reading is kept for seven years', { color: 'FFFFFF', y: 70 });
    const dark: SlideElement = { kind: 'rect', x: 40, y: 50, w: 460, h: 100, fill: '14213D' };
    expect(preflightSlide(slide(dark, white))).toEqual([]);
    const faint = { ...dark, fillOpacity: 0.3 };
    expect(kinds(preflightSlide(slide(faint, white)))).toEqual(['low-contrast']);
  });

  it('leaves accents to the designer: a heading, an eyebrow in capitals, a badge', () => {
    const accent = { color: '1FA9C0' };
    const found = preflightSlide(
      slide(
        words('Cold chain you can trust', { ...accent, size: 34 }),
        words('WHY FROSTLINE', { ...accent, size: 10, y: 140 }),
        words('01', { ...accent, size: 12, y: 200 }),
      ),
    );
    expect(found).toEqual([]);
  });

  it('reads a table cell on its own fill', () => {
    const cell = words('Yearly monitoring, per site', { color: 'FFFFFF' });
    const table: SlideElement = {
      kind: 'table',
      x: 60,
      y: 60,
      w: 400,
      h: 60,
      columnWidths: [400],
      rowHeights: [60],
      rows: [[{ text: cell, fill: 'F4F6F9' }]],
      borderColor: 'D9D9D9',
    };
    expect(kinds(preflightSlide(slide(table)))).toEqual(['low-contrast']);
  });
});

describe('the seeded library', () => {
  const library = createTemplateLibrary();

  it('has nothing to flag on any slide drawn with sample data, as the studio draws it', () => {
    const found = library.slides.flatMap((template) =>
      preflightSlide(drawTemplateSample(library, template.id)!),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['one site', [{ id: 'controller', quantity: 1, customPricing: 249 }]],
    [
      'every product',
      [
        { id: 'controller', quantity: 5, customPricing: 199 },
        { id: 'battery_backup', quantity: 2, customPricing: 4900 },
        { id: 'data_logger', quantity: 10, customPricing: 45 },
        { id: 'bms', quantity: 2, customPricing: 850 },
      ],
    ],
  ])('has nothing to flag in the default deck for %s, nor in one of every slide', (_, products) => {
    const info = listTemplateSlides(library);
    const deckOf = (selectedSlides: string[]) =>
      buildDeck(
        deckDraftSchema.parse({
          basicInfo: {
            deckTitle: 'Spring proposal',
            clientName: 'Northwind Cold Storage Cooperative',
            date: '2026-04-09',
            primaryContact: 'Sam Lee',
          },
          productSelection: { selectedProducts: products, includePricing: true, customPricing: {} },
          templateCustomization: { selectedSlides, customSlides: [] },
        }),
        library,
        {
          presenter: {
            name: 'Ada Lovelace',
            jobTitle: 'Account executive',
            email: 'ada@frostline.example',
            phone: '+1 555 0100',
          },
        },
      );
    const defaults = selectDefaultSlides(
      info,
      products.map((product) => product.id),
    );
    expect(preflightDeck(deckOf(defaults))).toEqual([]);
    expect(preflightDeck(deckOf(info.map((slide) => slide.id)))).toEqual([]);
  });

  it('names a seeded slide an editor left unfinished', () => {
    const documents = seedLibraryDocuments();
    const edited: TemplateSlideDocument = {
      ...documents.slides.find((s) => s.id === 'about-us')!,
      heading: 'NEW v2 TEXT: Who we are',
      // A picture frame over the whole slide, its address bound to nothing.
      elements: [
        ...documents.slides.find((s) => s.id === 'about-us')!.elements,
        { kind: 'picture', x: 0, y: 0, w: 960, h: 540, src: '', fit: 'cover', alt: '' },
      ],
    };
    const changed = createTemplateLibrary(undefined, {
      ...documents,
      slides: documents.slides.map((s) => (s.id === 'about-us' ? edited : s)),
    });
    const found = preflightSlide(drawTemplateSample(changed, 'about-us')!);
    expect(found).toContainEqual(
      expect.objectContaining({
        slideId: 'about-us',
        kind: 'placeholder-text',
        message: expect.stringContaining('“NEW v2 TEXT:”'),
      }),
    );
    expect(found.filter((finding) => finding.kind === 'empty-picture')).toHaveLength(1);
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'covered-text',
        message: expect.stringMatching(/^An empty picture frame lies over the text “NEW v2 TEXT:/),
      }),
    );
  });
});
