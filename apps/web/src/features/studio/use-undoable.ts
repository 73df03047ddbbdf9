import { useCallback, useState } from 'react';

type History<T> = { past: T[]; present: T; future: T[] };

/**
 * A value with undo and redo: `set` records a step; `replace` starts over (a load or a reload).
 * At most 100 steps are kept.
 */
export function useUndoable<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>({ past: [], present: initial, future: [] });
  const set = useCallback((next: T | ((current: T) => T)) => {
    setHistory((h) => {
      const value = typeof next === 'function' ? (next as (current: T) => T)(h.present) : next;
      if (Object.is(value, h.present)) return h;
      return { past: [...h.past, h.present].slice(-100), present: value, future: [] };
    });
  }, []);
  const undo = useCallback(() => {
    setHistory((h) =>
      h.past.length === 0
        ? h
        : { past: h.past.slice(0, -1), present: h.past.at(-1)!, future: [h.present, ...h.future] },
    );
  }, []);
  const redo = useCallback(() => {
    setHistory((h) =>
      h.future.length === 0
        ? h
        : { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) },
    );
  }, []);
  const replace = useCallback(
    (value: T) => setHistory({ past: [], present: value, future: [] }),
    [],
  );
  return {
    value: history.present,
    set,
    undo,
    redo,
    replace,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
