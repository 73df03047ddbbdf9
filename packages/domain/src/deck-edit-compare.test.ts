import { describe, expect, it } from 'vitest';
import { changedWords, compareEditedDecks, MAX_CHANGED_WORDS } from './deck-edit-compare.ts';
import { copyOf, elementOf, salesDeck, slideOf, text } from './deck-edit-test-deck.ts';
import type { EditedDeck } from './deck-edits.ts';

const version = salesDeck();

/** The deck with its slides in the order of `keys`. */
function ordered(deck: EditedDeck, keys: string[]): EditedDeck {
  return { slides: keys.map((key) => slideOf(deck, key)) };
}

const keys = version.slides.map((slide) => slide.key);

describe('compareEditedDecks', () => {
  it('finds nothing between a version and itself', () => {
    expect(compareEditedDecks(version, copyOf(version))).toEqual([]);
  });

  it('reports one move for one slide taken to another place', () => {
    // title, why-us, case-study, pricing, quote-summary, next-steps: next steps to second place.
    const after = ordered(version, [keys[0]!, 'next-steps', ...keys.slice(1, -1)]);
    expect(compareEditedDecks(version, after)).toEqual([
      {
        kind: 'moved',
        number: 2,
        from: 6,
        title: 'Next steps',
        wordsRemoved: [],
        wordsAdded: [],
      },
    ]);
  });

  it('reports one of two slides swapped as moved, not both', () => {
    const after = ordered(version, ['title', 'case-study', 'why-us', ...keys.slice(3)]);
    const changes = compareEditedDecks(version, after);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'moved' });
  });

  it('reports an added and a removed slide, and does not call the slides after them moved', () => {
    const after = copyOf(version);
    const added = {
      ...copyOf(version).slides[1]!,
      key: 'added-1',
      document: {
        ...version.slides[1]!.document,
        id: 'edited-added-1',
        title: 'Our team',
        elements: [
          text('Our team', 48, 40),
          text('Twelve installers and one phone number', 48, 140),
        ],
      },
    };
    after.slides.splice(2, 1); // the case study goes
    after.slides.splice(1, 0, added); // a slide comes in second
    expect(compareEditedDecks(version, after)).toEqual([
      {
        kind: 'added',
        number: 2,
        title: 'Our team',
        wordsRemoved: [],
        wordsAdded: ['Our', 'team', 'Twelve', 'installers', 'and', 'one', 'phone', 'number'],
      },
      {
        kind: 'removed',
        number: 3,
        title: 'Case study: Lakeside College',
        wordsRemoved: [
          'Case',
          'study:',
          'Lakeside',
          'College',
          'Saved',
          '$40,000',
          'in',
          'its',
          'first',
          'year',
          'on',
          'the',
          'same',
          'roof.',
        ],
        wordsAdded: [],
      },
    ]);
  });

  it('lists the word changed in a heading', () => {
    const after = copyOf(version);
    elementOf(after, 'why-us', 0, 'text').text = 'Why pick Northwind';
    expect(compareEditedDecks(version, after)).toEqual([
      {
        kind: 'changed',
        number: 2,
        from: 2,
        title: 'Why choose Northwind',
        wordsRemoved: ['choose'],
        wordsAdded: ['pick'],
      },
    ]);
  });

  it('lists a word said twice and taken out once, once', () => {
    const after = copyOf(version);
    elementOf(after, 'why-us', 1, 'text').text = [
      'Installed in schools across every state',
      'A warranty on each battery we fit',
      'Local crews who answer the phone',
    ];
    expect(compareEditedDecks(version, after)).toEqual([
      expect.objectContaining({ kind: 'changed', wordsRemoved: ['every'], wordsAdded: ['each'] }),
    ]);
  });

  it('says a slide was hidden, and shown again', () => {
    const hidden = copyOf(version);
    slideOf(hidden, 'case-study').hidden = true;
    expect(compareEditedDecks(version, hidden)).toEqual([
      {
        kind: 'changed',
        number: 3,
        from: 3,
        title: 'Case study: Lakeside College',
        wordsRemoved: [],
        wordsAdded: [],
        hidden: true,
      },
    ]);
    expect(compareEditedDecks(hidden, version)).toEqual([
      expect.objectContaining({ kind: 'changed', number: 3, hidden: false }),
    ]);
  });

  it('lists a slide moved and changed as both', () => {
    const after = ordered(version, [keys[0]!, 'next-steps', ...keys.slice(1, -1)]);
    const changed = copyOf(after);
    elementOf(changed, 'next-steps', 1, 'text').text = 'Sign the proposal today.';
    expect(compareEditedDecks(version, changed)).toEqual([
      expect.objectContaining({ kind: 'moved', number: 2, from: 6 }),
      expect.objectContaining({
        kind: 'changed',
        number: 2,
        from: 6,
        wordsRemoved: ['and', 'we', 'schedule', 'the', 'survey.'],
        wordsAdded: ['today.'],
      }),
    ]);
  });

  it('calls a slide changed in look only changed, with no words', () => {
    const after = copyOf(version);
    slideOf(after, 'next-steps').document.background = '#102030';
    expect(compareEditedDecks(version, after)).toEqual([
      expect.objectContaining({ kind: 'changed', number: 6, wordsRemoved: [], wordsAdded: [] }),
    ]);
  });
});

describe('changedWords', () => {
  it('keeps each list short', () => {
    const many = Array.from({ length: 50 }, (_, i) => `word${i}`);
    const { wordsRemoved, wordsAdded } = changedWords(many, ['other']);
    expect(wordsRemoved).toHaveLength(MAX_CHANGED_WORDS);
    expect(wordsRemoved[0]).toBe('word0');
    expect(wordsAdded).toEqual(['other']);
  });

  it('still answers for lists too long to compare in order', () => {
    const before = Array.from({ length: 2_500 }, (_, i) => `w${i % 300}`);
    const after = [...before].reverse();
    after[0] = 'new';
    const { wordsRemoved, wordsAdded } = changedWords(before, after);
    expect(wordsAdded).toEqual(['new']);
    expect(wordsRemoved).toEqual([before.at(-1)]);
  });
});
