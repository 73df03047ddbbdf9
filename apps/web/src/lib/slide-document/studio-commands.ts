import type { TemplateElement } from '@deck-portal/domain';
import type { EditModel } from '../edit-history/edit-history.ts';
import type { LibraryDocument } from '../library-api/get-library-document.ts';
import { boxOf, withBox } from './element-boxes.ts';

/** Fields of an element or of the document; a field set to undefined is taken away. */
type Fields = Record<string, unknown>;

/** An element as the studio holds it: addressed by its id, not by its place in the list. */
export type StudioElement = TemplateElement & { id: string };

/** Every change the studio makes to a slide or a layout. */
export type StudioCommand =
  | { type: 'updateElement'; id: string; patch: Fields }
  | { type: 'addElement'; element: StudioElement; index?: number }
  | { type: 'removeElement'; id: string }
  /** Moved together by (dx, dy) points: dragged, or nudged with the arrow keys. */
  | { type: 'moveElements'; ids: readonly string[]; dx: number; dy: number }
  | { type: 'setDocumentSettings'; patch: Fields };

export const elementIdOf = (element: TemplateElement): string | undefined => element.id;

/** The fields of `after` that differ from `before`'s (undefined: `after` has none). */
export function changedFields(before: object, after: object): Fields {
  const b = before as Fields;
  const a = after as Fields;
  const patch: Fields = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (!Object.is(b[key], a[key])) patch[key] = a[key];
  }
  return patch;
}

function patched<T extends object>(value: T, patch: Fields): T {
  const next: Fields = { ...(value as Fields) };
  for (const [key, field] of Object.entries(patch)) {
    if (field === undefined) delete next[key];
    else next[key] = field;
  }
  return next as T;
}

const withElements = (document: LibraryDocument, elements: TemplateElement[]) =>
  ({ ...document, elements }) as LibraryDocument;

/** The document after one command; the same document when the command changes nothing. */
export function applyStudioCommand(
  document: LibraryDocument,
  command: StudioCommand,
): LibraryDocument {
  const elements: TemplateElement[] = document.elements;
  switch (command.type) {
    case 'updateElement': {
      const index = elements.findIndex((e) => elementIdOf(e) === command.id);
      if (index < 0 || Object.keys(command.patch).length === 0) return document;
      return withElements(document, elements.with(index, patched(elements[index]!, command.patch)));
    }
    case 'addElement': {
      const at = Math.min(command.index ?? elements.length, elements.length);
      return withElements(document, elements.toSpliced(at, 0, command.element));
    }
    case 'removeElement': {
      const index = elements.findIndex((e) => elementIdOf(e) === command.id);
      return index < 0 ? document : withElements(document, elements.toSpliced(index, 1));
    }
    case 'moveElements': {
      if (command.dx === 0 && command.dy === 0) return document;
      const moving = new Set(command.ids);
      return withElements(
        document,
        elements.map((element) => {
          const id = elementIdOf(element);
          const box = id !== undefined && moving.has(id) ? boxOf(element) : undefined;
          return box
            ? withBox(element, { ...box, x: box.x + command.dx, y: box.y + command.dy })
            : element;
        }),
      );
    }
    case 'setDocumentSettings': {
      const { elements: _elements, ...patch } = command.patch;
      return Object.keys(patch).length === 0 ? document : patched(document, patch);
    }
  }
}

/**
 * What takes the command back: the touched fields' values before it (not the opposite move:
 * boxes are rounded to a tenth of a point, and a move back could land a tenth away).
 */
export function invertStudioCommand(
  document: LibraryDocument,
  command: StudioCommand,
): StudioCommand[] {
  switch (command.type) {
    case 'addElement':
      return [{ type: 'removeElement', id: command.element.id }];
    case 'removeElement': {
      const index = document.elements.findIndex((e) => elementIdOf(e) === command.id);
      const element = document.elements[index];
      return element ? [{ type: 'addElement', element: element as StudioElement, index }] : [];
    }
    case 'updateElement':
    case 'moveElements': {
      const after = applyStudioCommand(document, command);
      return document.elements.flatMap((before, i): StudioCommand[] => {
        const id = elementIdOf(before);
        const next = after.elements[i];
        if (id === undefined || !next || next === before) return [];
        return [{ type: 'updateElement', id, patch: changedFields(next, before) }];
      });
    }
    case 'setDocumentSettings': {
      const { elements: _before, ...before } = document;
      const { elements: _after, ...after } = applyStudioCommand(document, command);
      return [{ type: 'setDocumentSettings', patch: changedFields(after, before) }];
    }
  }
}

/**
 * Edits of the same fields of the same element (or of the document) follow on as one step:
 * typing a word, holding an arrow key. An element added or deleted is a step of its own.
 */
export function studioGroupOf(command: StudioCommand): string | undefined {
  const fields = (patch: Fields) => Object.keys(patch).sort().join(',');
  switch (command.type) {
    case 'updateElement':
      return `element:${command.id}:${fields(command.patch)}`;
    case 'moveElements':
      return `move:${[...command.ids].sort().join(',')}`;
    case 'setDocumentSettings':
      return `document:${fields(command.patch)}`;
    case 'addElement':
    case 'removeElement':
      return undefined;
  }
}

export const studioEditModel: EditModel<LibraryDocument, StudioCommand> = {
  apply: applyStudioCommand,
  invert: invertStudioCommand,
  groupOf: studioGroupOf,
};

/** A short id no element of `taken` has. */
export function newElementId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) =>
      (byte % 36).toString(36),
    ).join('');
    if (!taken.has(id)) return id;
  }
}

/**
 * The document with an id of its own on every element (the first of two elements with one id
 * keeps it): the studio addresses elements by id, and the ids are saved with the document.
 */
export function withElementIds(document: LibraryDocument): LibraryDocument {
  const ids = document.elements.map(elementIdOf);
  if (ids.every((id) => id !== undefined) && new Set(ids).size === ids.length) return document;
  const taken = new Set(ids.flatMap((id) => id ?? []));
  const kept = new Set<string>();
  return withElements(
    document,
    document.elements.map((element) => {
      const own = elementIdOf(element);
      if (own !== undefined && !kept.has(own)) {
        kept.add(own);
        return element;
      }
      const id = newElementId(taken);
      taken.add(id);
      return { ...element, id } as StudioElement;
    }),
  );
}
