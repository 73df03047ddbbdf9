import type { EditedDeck, EditorCollaborator, SaveEditorDraftResponse } from '@deck-portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { saveEditorDraft } from './api/save-editor-draft.ts';

/** How long the editor waits after a change before it saves the draft. */
export const AUTOSAVE_DELAY_MS = 800;

export type DraftSaveState =
  | { status: 'saved' }
  | { status: 'saving' }
  /** The last save failed; the next change (or a retry) tries again. */
  | { status: 'failed'; message: string }
  /** Another tab or device saved the draft since it was opened here: nothing more is saved. */
  | { status: 'stale'; message: string };

type Presence = Pick<SaveEditorDraftResponse, 'others' | 'newerVersion'>;

/**
 * Saves the draft on the server a moment after each change (one save at a time, each naming
 * the revision it changes), and says where that stands. `flush` saves what is left at once and
 * answers the revision saved, for "Save as version".
 */
export function useDraftAutosave({
  deckId,
  revision,
  opened,
  current,
  presence: openedPresence,
}: {
  deckId: string;
  revision: number;
  /** The deck as the draft held it when opened (no change to save). */
  opened: EditedDeck;
  current: EditedDeck;
  presence: Presence;
}) {
  const [state, setState] = useState<DraftSaveState>({ status: 'saved' });
  const [presence, setPresence] = useState<Presence>(openedPresence);
  const [savedAt, setSavedAt] = useState<string | undefined>();
  const latest = useRef(current);
  latest.current = current;
  const saved = useRef({ deck: opened, revision });
  // The save under way, which a flush waits for before it sends what came after.
  const running = useRef<Promise<number> | null>(null);
  const isStale = useRef(false);

  const saveOnce = useCallback(async (): Promise<number> => {
    const deck = latest.current;
    if (deck === saved.current.deck || isStale.current) return saved.current.revision;
    setState({ status: 'saving' });
    try {
      const answer = await saveEditorDraft({
        deckId,
        revision: saved.current.revision,
        edited: deck,
      });
      saved.current = { deck, revision: answer.revision };
      setSavedAt(answer.savedAt);
      setPresence({ others: answer.others, newerVersion: answer.newerVersion });
      if (latest.current === deck) setState({ status: 'saved' });
      return answer.revision;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError && error.status === 409) {
        isStale.current = true;
        setState({ status: 'stale', message });
      } else {
        setState({ status: 'failed', message });
      }
      throw error;
    }
  }, [deckId]);

  /** Saves until what is shown is saved; answers the draft's revision. */
  const flush = useCallback(async (): Promise<number> => {
    while (running.current) await running.current.catch(() => undefined);
    if (latest.current === saved.current.deck) return saved.current.revision;
    const save = saveOnce();
    running.current = save;
    try {
      return await save;
    } finally {
      running.current = null;
    }
  }, [saveOnce]);

  useEffect(() => {
    if (current === saved.current.deck || isStale.current) return;
    setState((before) => (before.status === 'saving' ? before : { status: 'saving' }));
    const timer = setTimeout(() => void flush().catch(() => undefined), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, flush]);

  // Leaving with a change not yet on the server: the browser asks first.
  const isUnsaved = state.status !== 'saved';
  useEffect(() => {
    if (!isUnsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isUnsaved]);

  return {
    state,
    savedAt,
    others: presence.others as EditorCollaborator[],
    newerVersion: presence.newerVersion,
    /** Who else edits, and the newest version, as the server last told them. */
    setPresence,
    flush,
  };
}
