import type { EditedDeck, EditedSlide } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import { recordEdit, startHistory, undoEdit } from '../../lib/edit-history/edit-history.ts';
import {
  applyDeckEdit,
  copyKey,
  deckEditModel,
  type DeckEditCommand,
} from './deck-edit-commands.ts';

const slide = (key: string, hidden = false): EditedSlide => ({
  key,
  hidden,
  priced: false,
  document: {
    format: 1,
    id: key,
    title: key,
    description: '',
    category: 'company',
    background: '#FFFFFF',
    elements: [
      {
        kind: 'text',
        id: 't',
        x: 0,
        y: 0,
        w: 100,
        h: 20,
        text: key,
        style: { weight: 'regular', size: 12, color: 'brand.ink' },
      },
    ],
  },
});

const deck: EditedDeck = { slides: [slide('title'), slide('about'), slide('appendix', true)] };
const keys = (d: EditedDeck) => d.slides.map((s) => `${s.key}${s.hidden ? ' (hidden)' : ''}`);

/** Each command applied, then undone: the deck as it was. */
function undone(commands: DeckEditCommand[]) {
  let history = startHistory<EditedDeck, DeckEditCommand>(deck);
  commands.forEach((command, i) => {
    history = recordEdit(history, deckEditModel, command, i * 10_000);
  });
  for (const _ of commands) history = undoEdit(history, deckEditModel);
  return history.present;
}

describe('the online editor’s commands', () => {
  it('moves, hides, copies, adds and deletes slides, and undoes each', () => {
    const commands: DeckEditCommand[] = [
      { type: 'moveSlide', key: 'about', to: 0 },
      { type: 'setHidden', key: 'appendix', hidden: false },
      { type: 'insertSlide', slide: { ...slide('title'), key: copyKey(deck, 'title') }, index: 1 },
      { type: 'removeSlide', key: 'title' },
    ];
    const after = commands.reduce(applyDeckEdit, deck);
    expect(keys(after)).toEqual(['about', 'title-copy', 'appendix']);
    expect(undone(commands)).toEqual(deck);
  });

  it('never leaves a deck that shows no slide', () => {
    const one: EditedDeck = { slides: [slide('title'), slide('appendix', true)] };
    expect(applyDeckEdit(one, { type: 'setHidden', key: 'title', hidden: true })).toBe(one);
    expect(applyDeckEdit(one, { type: 'removeSlide', key: 'title' })).toBe(one);
    expect(keys(applyDeckEdit(one, { type: 'removeSlide', key: 'appendix' }))).toEqual(['title']);
  });

  it('changes a slide’s element as the studio does, and takes it back', () => {
    const command: DeckEditCommand = {
      type: 'element',
      key: 'about',
      command: { type: 'updateElement', id: 't', patch: { text: 'About us' } },
    };
    const after = applyDeckEdit(deck, command);
    expect(after.slides[1]!.document.elements[0]).toMatchObject({ text: 'About us' });
    expect(after.slides[0]).toBe(deck.slides[0]);
    expect(undone([command])).toEqual(deck);
  });

  it('names a copy with a key no slide has', () => {
    const copied: EditedDeck = { slides: [...deck.slides, slide('title-copy')] };
    expect(copyKey(copied, 'title')).toBe('title-copy-2');
    expect(copyKey(copied, 'title-copy')).toBe('title-copy-2');
  });
});
