/**
 * An editor's history as commands, not copies of the document: each step keeps the commands
 * that made it and the commands that take it back. A step is what one undo takes back, and a
 * person's burst of edits is one step: typing into one field (edits of the same group, each
 * within `GROUP_WINDOW_MS` of the one before) and a gesture (a drag or a resize, from pointer
 * down to pointer up).
 */

/** How an editor's state is changed by its commands. Both functions are pure. */
export type EditModel<S, C> = {
  apply: (state: S, command: C) => S;
  /** The commands that take `apply(state, command)` back to `state`, in the order to apply. */
  invert: (state: S, command: C) => C[];
  /**
   * Edits of the same group in a row, close together, are one step (the same field of the same
   * element); undefined: the edit is a step of its own (adding or deleting an element).
   */
  groupOf: (command: C) => string | undefined;
};

export type EditStep<C> = { commands: C[]; inverses: C[] };

export type EditHistory<S, C> = {
  present: S;
  past: EditStep<C>[];
  future: EditStep<C>[];
  /** The last step while it may still grow: its group and when it last did. */
  open?: { group: string | undefined; at: number };
  /** Between pointer down and pointer up: every edit joins the gesture's step. */
  inGesture: boolean;
};

/** How long after an edit the next one of its group still joins its step. */
export const GROUP_WINDOW_MS = 1_000;
/** Steps kept to undo. */
export const MAX_STEPS = 100;

export function startHistory<S, C>(present: S): EditHistory<S, C> {
  return { present, past: [], future: [], inGesture: false };
}

/** The history after one more edit at `now` (ms): a new step, or the open one grown. */
export function recordEdit<S, C>(
  history: EditHistory<S, C>,
  model: EditModel<S, C>,
  command: C,
  now: number,
): EditHistory<S, C> {
  const present = model.apply(history.present, command);
  if (Object.is(present, history.present)) return history;
  const inverses = model.invert(history.present, command);
  const group = history.inGesture ? undefined : model.groupOf(command);
  const last = history.past.at(-1);
  const joins =
    last !== undefined &&
    history.open !== undefined &&
    (history.inGesture ||
      (group !== undefined &&
        history.open.group === group &&
        now - history.open.at <= GROUP_WINDOW_MS));
  const past = joins
    ? [
        ...history.past.slice(0, -1),
        { commands: [...last.commands, command], inverses: [...inverses, ...last.inverses] },
      ]
    : [...history.past, { commands: [command], inverses }].slice(-MAX_STEPS);
  return { ...history, present, past, future: [], open: { group, at: now } };
}

/** Back one step; nothing to undo leaves the history as it is. */
export function undoEdit<S, C>(
  history: EditHistory<S, C>,
  model: EditModel<S, C>,
): EditHistory<S, C> {
  const step = history.past.at(-1);
  if (!step) return history;
  return {
    ...history,
    present: step.inverses.reduce(model.apply, history.present),
    past: history.past.slice(0, -1),
    future: [step, ...history.future],
    open: undefined,
  };
}

/** Forward the step last undone; nothing to redo leaves the history as it is. */
export function redoEdit<S, C>(
  history: EditHistory<S, C>,
  model: EditModel<S, C>,
): EditHistory<S, C> {
  const step = history.future[0];
  if (!step) return history;
  return {
    ...history,
    present: step.commands.reduce(model.apply, history.present),
    past: [...history.past, step],
    future: history.future.slice(1),
    open: undefined,
  };
}

/** Pointer down: the edits until `endGesture` are one new step. */
export function beginGesture<S, C>(history: EditHistory<S, C>): EditHistory<S, C> {
  return { ...history, inGesture: true, open: undefined };
}

/** Pointer up: the gesture's step is closed; the next edit starts another. */
export function endGesture<S, C>(history: EditHistory<S, C>): EditHistory<S, C> {
  return history.inGesture ? { ...history, inGesture: false, open: undefined } : history;
}
