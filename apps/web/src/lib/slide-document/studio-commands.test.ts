import type { TemplateSlideDocument } from '@deck-portal/domain';
import { describe, expect, it } from 'vitest';
import { recordEdit, startHistory, undoEdit } from '../edit-history/edit-history.ts';
import type { LibraryDocument } from '../library-api/get-library-document.ts';
import { isSameDocument } from './is-same-document.ts';
import {
  applyStudioCommand,
  studioEditModel,
  withElementIds,
  type StudioCommand,
  type StudioElement,
} from './studio-commands.ts';

const slide = {
  format: 1,
  id: 'about-us',
  title: 'About us',
  description: 'Who we are',
  background: '#FFFFFF',
  category: 'company',
  elements: [
    {
      id: 'title',
      kind: 'text',
      x: 48,
      y: 120,
      w: 400,
      h: 80,
      text: 'We keep food cold.',
      style: { weight: 'regular', size: 20, color: 'brand.ink' },
    },
    { id: 'panel', kind: 'rect', x: 10, y: 10, w: 100, h: 50, fill: 'brand.panel' },
    { id: 'rule', kind: 'line', x1: 300, y1: 20, x2: 100, y2: 20, color: 'brand.ink', width: 2 },
  ],
} as TemplateSlideDocument as LibraryDocument;

const elementsOf = (document: LibraryDocument) => document.elements as StudioElement[];

/** The document after the commands, each recorded; and after undoing all of them. */
function editAndUndo(commands: StudioCommand[]) {
  let history = startHistory<LibraryDocument, StudioCommand>(slide);
  commands.forEach((command, i) => {
    history = recordEdit(history, studioEditModel, command, i * 5_000);
  });
  const edited = history.present;
  while (history.past.length > 0) history = undoEdit(history, studioEditModel);
  return { edited, undone: history.present };
}

describe('the studio’s commands', () => {
  it('change an element by its id, wherever it is in the list', () => {
    const { edited, undone } = editAndUndo([
      { type: 'removeElement', id: 'title' },
      { type: 'updateElement', id: 'rule', patch: { width: 4, dashed: true } },
    ]);
    expect(elementsOf(edited).map((e) => e.id)).toEqual(['panel', 'rule']);
    expect(elementsOf(edited)[1]).toMatchObject({ id: 'rule', width: 4, dashed: true });
    expect(undone).toEqual(slide);
    expect(isSameDocument(undone, slide)).toBe(true);
    expect(isSameDocument(edited, slide)).toBe(false);
  });

  it('take a field away with undefined, and undo puts it back', () => {
    const withCondition = applyStudioCommand(slide, {
      type: 'updateElement',
      id: 'panel',
      patch: { when: { filled: 'client.name' } },
    });
    const { edited, undone } = editAndUndo([
      { type: 'updateElement', id: 'panel', patch: { fill: undefined, radius: 4 } },
    ]);
    expect(elementsOf(edited)[1]).not.toHaveProperty('fill');
    expect(undone).toEqual(slide);
    expect(elementsOf(withCondition)[1]).toHaveProperty('when', { filled: 'client.name' });
  });

  it('move elements together, a line keeping its direction, and undo to the exact place', () => {
    const { edited, undone } = editAndUndo([
      { type: 'moveElements', ids: ['panel', 'rule'], dx: 10.04, dy: -5 },
    ]);
    expect(elementsOf(edited)[1]).toMatchObject({ x: 20, y: 5, w: 100, h: 50 });
    expect(elementsOf(edited)[2]).toMatchObject({ x1: 310, x2: 110, y1: 15, y2: 15 });
    expect(elementsOf(edited)[0]).toBe(slide.elements[0]);
    expect(undone).toEqual(slide);
  });

  it('add an element where asked, and undo takes it away', () => {
    const logo = { id: 'logo', kind: 'logo', x: 0, y: 0, size: 40 } as StudioElement;
    const { edited, undone } = editAndUndo([{ type: 'addElement', element: logo, index: 1 }]);
    expect(elementsOf(edited).map((e) => e.id)).toEqual(['title', 'logo', 'panel', 'rule']);
    expect(undone).toEqual(slide);
  });

  it('put a deleted element back in its place', () => {
    const { undone } = editAndUndo([{ type: 'removeElement', id: 'panel' }]);
    expect(elementsOf(undone).map((e) => e.id)).toEqual(['title', 'panel', 'rule']);
  });

  it('change the document’s settings, never its elements that way', () => {
    const { edited, undone } = editAndUndo([
      { type: 'setDocumentSettings', patch: { title: 'Who we are', elements: [] } },
    ]);
    expect(edited).toMatchObject({ title: 'Who we are', elements: slide.elements });
    expect(undone).toEqual(slide);
  });

  it('change nothing for an element that is not there', () => {
    expect(applyStudioCommand(slide, { type: 'removeElement', id: 'gone' })).toBe(slide);
    expect(applyStudioCommand(slide, { type: 'updateElement', id: 'gone', patch: { x: 1 } })).toBe(
      slide,
    );
  });
});

describe('withElementIds', () => {
  it('gives every element without an id, or with another’s, one of its own', () => {
    const stored = {
      ...slide,
      elements: [
        { ...slide.elements[0], id: undefined },
        slide.elements[1],
        slide.elements[1],
        slide.elements[2],
      ],
    } as LibraryDocument;
    const ids = elementsOf(withElementIds(stored)).map((e) => e.id);
    expect(ids[1]).toBe('panel');
    expect(ids[3]).toBe('rule');
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{1,12}$/);
  });

  it('keeps a document whose elements all have ids as it is', () => {
    expect(withElementIds(slide)).toBe(slide);
  });
});
