import { useCallback, useMemo, useReducer } from 'react';
import {
  beginGesture,
  endGesture,
  recordEdit,
  redoEdit,
  startHistory,
  undoEdit,
  type EditHistory,
  type EditModel,
} from './edit-history.ts';

type Action<C> =
  | { type: 'edit'; command: C; now: number }
  | { type: 'undo' | 'redo' | 'beginGesture' | 'endGesture' };

/**
 * An editor's state changed only by commands, with undo and redo by step (edit-history.ts).
 * `model` is read when an action is handled: keep it a module-level constant.
 */
export function useEditHistory<S, C>(model: EditModel<S, C>, initial: S | (() => S)) {
  const reducer = useCallback(
    (history: EditHistory<S, C>, action: Action<C>): EditHistory<S, C> => {
      switch (action.type) {
        case 'edit':
          return recordEdit(history, model, action.command, action.now);
        case 'undo':
          return undoEdit(history, model);
        case 'redo':
          return redoEdit(history, model);
        case 'beginGesture':
          return beginGesture(history);
        case 'endGesture':
          return endGesture(history);
      }
    },
    [model],
  );
  const [history, send] = useReducer(reducer, initial, (value) =>
    startHistory<S, C>(typeof value === 'function' ? (value as () => S)() : value),
  );
  const actions = useMemo(
    () => ({
      dispatch: (command: C) => send({ type: 'edit', command, now: Date.now() }),
      undo: () => send({ type: 'undo' }),
      redo: () => send({ type: 'redo' }),
      /** Pointer down on a drag or resize handle: what follows until pointer up is one step. */
      beginGesture: () => send({ type: 'beginGesture' }),
      endGesture: () => send({ type: 'endGesture' }),
    }),
    [],
  );
  return {
    state: history.present,
    ...actions,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
