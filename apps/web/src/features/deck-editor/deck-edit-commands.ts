import type { EditedDeck, EditedSlide, TemplateSlideDocument } from '@deck-portal/domain';
import type { EditModel } from '../../lib/edit-history/edit-history.ts';
import {
  applyStudioCommand,
  invertStudioCommand,
  studioGroupOf,
  withElementIds,
  type StudioCommand,
} from '../../lib/slide-document/studio-commands.ts';

/**
 * Every change the online editor makes to a deck: a slide's elements changed as the studio
 * changes them, and the deck's slides moved, hidden, added or taken out. Slides are addressed
 * by their key, which stays with them.
 */
export type DeckEditCommand =
  | { type: 'element'; key: string; command: StudioCommand }
  | { type: 'moveSlide'; key: string; to: number }
  | { type: 'setHidden'; key: string; hidden: boolean }
  | { type: 'insertSlide'; slide: EditedSlide; index: number }
  | { type: 'removeSlide'; key: string };

const indexOf = (deck: EditedDeck, key: string) => deck.slides.findIndex((s) => s.key === key);

/** The deck after one command; the same deck when the command changes nothing. */
export function applyDeckEdit(deck: EditedDeck, command: DeckEditCommand): EditedDeck {
  switch (command.type) {
    case 'element': {
      const index = indexOf(deck, command.key);
      const slide = deck.slides[index];
      if (!slide) return deck;
      const document = applyStudioCommand(slide.document, command.command);
      if (document === slide.document) return deck;
      return {
        slides: deck.slides.with(index, {
          ...slide,
          document: document as TemplateSlideDocument,
        }),
      };
    }
    case 'moveSlide': {
      const from = indexOf(deck, command.key);
      const to = Math.max(0, Math.min(command.to, deck.slides.length - 1));
      if (from < 0 || from === to) return deck;
      const slide = deck.slides[from]!;
      return { slides: deck.slides.toSpliced(from, 1).toSpliced(to, 0, slide) };
    }
    case 'setHidden': {
      const index = indexOf(deck, command.key);
      const slide = deck.slides[index];
      if (!slide || slide.hidden === command.hidden) return deck;
      // A deck shows at least one slide.
      if (command.hidden && shownCount(deck) <= 1) return deck;
      return { slides: deck.slides.with(index, { ...slide, hidden: command.hidden }) };
    }
    case 'insertSlide': {
      if (indexOf(deck, command.slide.key) >= 0) return deck;
      const at = Math.max(0, Math.min(command.index, deck.slides.length));
      return { slides: deck.slides.toSpliced(at, 0, command.slide) };
    }
    case 'removeSlide': {
      const index = indexOf(deck, command.key);
      const slide = deck.slides[index];
      if (!slide || (!slide.hidden && shownCount(deck) <= 1)) return deck;
      return { slides: deck.slides.toSpliced(index, 1) };
    }
  }
}

/** What takes the command back, in the order to apply. */
export function invertDeckEdit(deck: EditedDeck, command: DeckEditCommand): DeckEditCommand[] {
  switch (command.type) {
    case 'element': {
      const slide = deck.slides.find((s) => s.key === command.key);
      if (!slide) return [];
      return invertStudioCommand(slide.document, command.command).map((inverse) => ({
        type: 'element',
        key: command.key,
        command: inverse,
      }));
    }
    case 'moveSlide':
      return [{ type: 'moveSlide', key: command.key, to: indexOf(deck, command.key) }];
    case 'setHidden':
      return [{ type: 'setHidden', key: command.key, hidden: !command.hidden }];
    case 'insertSlide':
      return [{ type: 'removeSlide', key: command.slide.key }];
    case 'removeSlide': {
      const index = indexOf(deck, command.key);
      const slide = deck.slides[index];
      return slide ? [{ type: 'insertSlide', slide, index }] : [];
    }
  }
}

/** Typing into one field of one slide's element is one step, as in the studio. */
export function deckEditGroupOf(command: DeckEditCommand): string | undefined {
  if (command.type !== 'element') return undefined;
  const group = studioGroupOf(command.command);
  return group === undefined ? undefined : `${command.key}:${group}`;
}

export const deckEditModel: EditModel<EditedDeck, DeckEditCommand> = {
  apply: applyDeckEdit,
  invert: invertDeckEdit,
  groupOf: deckEditGroupOf,
};

export const shownCount = (deck: EditedDeck) => deck.slides.filter((s) => !s.hidden).length;

/** The deck with an id on every element of every slide: the canvas addresses elements by id. */
export function withSlideElementIds(deck: EditedDeck): EditedDeck {
  return {
    slides: deck.slides.map((slide) => {
      const document = withElementIds(slide.document) as TemplateSlideDocument;
      return document === slide.document ? slide : { ...slide, document };
    }),
  };
}

/** A key no slide of the deck has, for a copy of `key`. */
export function copyKey(deck: EditedDeck, key: string): string {
  const taken = new Set(deck.slides.map((s) => s.key));
  const base = `${key.replace(/-copy(-\d+)?$/, '')}-copy`.slice(0, 110);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
