import { useCallback, useEffect, useState } from 'preact/hooks';

export type RequestState<T> = {
  data: T | undefined;
  error: unknown;
  /** Nothing has come back yet (an answer being asked for again keeps the last one). */
  isPending: boolean;
  /** Asks again; the last answer stays on screen until the new one comes. */
  reload: () => void;
};

/** One GET of the client's page: asked for on mount and on `reload`, dropped on unmount. */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>): RequestState<T> {
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<{ data?: T; error?: unknown; isSettled: boolean }>({
    isSettled: false,
  });
  useEffect(() => {
    const abort = new AbortController();
    load(abort.signal).then(
      (data) => !abort.signal.aborted && setAnswer({ data, isSettled: true }),
      (error: unknown) => !abort.signal.aborted && setAnswer({ error, isSettled: true }),
    );
    return () => abort.abort();
    // `load` is read once per round: the page asks again by `reload`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data: answer.data, error: answer.error, isPending: !answer.isSettled, reload };
}
