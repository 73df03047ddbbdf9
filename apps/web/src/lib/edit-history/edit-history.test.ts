import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  beginGesture,
  endGesture,
  MAX_STEPS,
  recordEdit,
  redoEdit,
  startHistory,
  undoEdit,
  type EditHistory,
  type EditModel,
} from './edit-history.ts';
import { useEditHistory } from './use-edit-history.ts';

/** A form of named fields, and a box that moves; `set` one field, `move` the box. */
type Form = { fields: Record<string, string>; box: { x: number; y: number } };
type FormCommand =
  { type: 'set'; field: string; value: string } | { type: 'move'; dx: number; dy: number };

const form: EditModel<Form, FormCommand> = {
  apply: (state, command) =>
    command.type === 'set'
      ? state.fields[command.field] === command.value
        ? state
        : { ...state, fields: { ...state.fields, [command.field]: command.value } }
      : { ...state, box: { x: state.box.x + command.dx, y: state.box.y + command.dy } },
  invert: (state, command) =>
    command.type === 'set'
      ? [{ type: 'set', field: command.field, value: state.fields[command.field] ?? '' }]
      : [{ type: 'move', dx: -command.dx, dy: -command.dy }],
  groupOf: (command) => (command.type === 'set' ? `set:${command.field}` : undefined),
};

const start = () =>
  startHistory<Form, FormCommand>({ fields: { title: 'Hi', body: '' }, box: { x: 0, y: 0 } });

/** Types `word` after the field's text, a key every `gap` ms from `at`. */
function type(
  history: EditHistory<Form, FormCommand>,
  field: string,
  word: string,
  at: number,
  gap = 150,
) {
  let typed = history.present.fields[field] ?? '';
  return [...word].reduce((h, key, i) => {
    typed += key;
    return recordEdit(h, form, { type: 'set', field, value: typed }, at + i * gap);
  }, history);
}

describe('edit history', () => {
  it('takes a word typed in one burst back in one undo, and brings it back in one redo', () => {
    const typed = type(start(), 'title', ' there', 0);
    expect(typed.present.fields.title).toBe('Hi there');
    expect(typed.past).toHaveLength(1);

    const undone = undoEdit(typed, form);
    expect(undone.present.fields.title).toBe('Hi');
    expect(undone.past).toHaveLength(0);
    expect(redoEdit(undone, form).present.fields.title).toBe('Hi there');
  });

  it('makes two words typed two seconds apart two steps', () => {
    const first = type(start(), 'title', ' there', 0);
    const second = type(first, 'title', ' you', 6 * 150 + 2_000);
    expect(second.past).toHaveLength(2);
    expect(undoEdit(second, form).present.fields.title).toBe('Hi there');
  });

  it('starts a new step when the edit moves to another field', () => {
    const title = type(start(), 'title', '!', 0);
    const body = type(title, 'body', 'Welcome', 200);
    expect(body.past).toHaveLength(2);
    expect(undoEdit(body, form).present.fields).toEqual({ title: 'Hi!', body: '' });
  });

  it('makes a whole drag one step, and the edit after it another', () => {
    let history = beginGesture(start());
    for (let i = 0; i < 30; i += 1) {
      history = recordEdit(history, form, { type: 'move', dx: 3, dy: 1 }, i * 16);
    }
    history = endGesture(history);
    expect(history.present.box).toEqual({ x: 90, y: 30 });
    expect(history.past).toHaveLength(1);

    // A second drag right after the first is its own step.
    history = endGesture(
      recordEdit(beginGesture(history), form, { type: 'move', dx: 5, dy: 0 }, 500),
    );
    expect(history.past).toHaveLength(2);
    expect(undoEdit(undoEdit(history, form), form).present.box).toEqual({ x: 0, y: 0 });
  });

  it('keeps edits without a group (adding, deleting) one step each', () => {
    const once = recordEdit(start(), form, { type: 'move', dx: 1, dy: 0 }, 0);
    const twice = recordEdit(once, form, { type: 'move', dx: 1, dy: 0 }, 10);
    expect(twice.past).toHaveLength(2);
  });

  it('forgets what was undone when a new edit is made', () => {
    const undone = undoEdit(type(start(), 'title', '!', 0), form);
    expect(undone.future).toHaveLength(1);
    const edited = type(undone, 'body', 'New', 100);
    expect(edited.future).toHaveLength(0);
    expect(redoEdit(edited, form)).toBe(edited);
  });

  it('does not join an edit to a step that was undone and redone', () => {
    const redone = redoEdit(undoEdit(type(start(), 'title', '!', 0), form), form);
    const more = type(redone, 'title', '?', 200);
    expect(more.past).toHaveLength(2);
  });

  it('records nothing for an edit that changes nothing', () => {
    const history = start();
    expect(recordEdit(history, form, { type: 'set', field: 'title', value: 'Hi' }, 0)).toBe(
      history,
    );
  });

  it(`keeps the last ${MAX_STEPS} steps`, () => {
    let history = start();
    for (let i = 0; i < MAX_STEPS + 5; i += 1) {
      history = recordEdit(history, form, { type: 'move', dx: 1, dy: 0 }, i * 10);
    }
    expect(history.past).toHaveLength(MAX_STEPS);
    while (history.past.length > 0) history = undoEdit(history, form);
    expect(history.present.box.x).toBe(5);
  });
});

describe('useEditHistory', () => {
  afterEach(() => vi.useRealTimers());

  it('groups by the clock: a burst of typing is one step, a pause starts another', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() =>
      useEditHistory(form, { fields: { title: '' }, box: { x: 0, y: 0 } }),
    );
    const typeKey = (value: string, wait: number) => {
      vi.advanceTimersByTime(wait);
      act(() => result.current.dispatch({ type: 'set', field: 'title', value }));
    };
    typeKey('O', 0);
    typeKey('On', 200);
    typeKey('One', 200);
    typeKey('One ', 2_000);
    typeKey('One t', 200);
    expect(result.current.state.fields.title).toBe('One t');

    act(() => result.current.undo());
    expect(result.current.state.fields.title).toBe('One');
    expect(result.current.canRedo).toBe(true);
    act(() => result.current.undo());
    expect(result.current.state.fields.title).toBe('');
    expect(result.current.canUndo).toBe(false);
  });
});
