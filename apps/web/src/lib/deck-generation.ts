import { useEffect, useState } from 'react';
import { generationStateSchema, type GenerationState } from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

const generationPath = (deckId: string) => `/api/decks/${encodeURIComponent(deckId)}/generation`;

export const isSettled = (state: GenerationState | undefined) =>
  state !== undefined && state.status !== 'generating';

/**
 * Follows a deck's generation as the worker reports it: server-sent events, and polling once a
 * second where the stream cannot be opened or breaks. Starts from `initial` (the answer that
 * queued the deck) when given.
 */
export function useDeckGeneration(deckId: string | undefined, initial?: GenerationState) {
  const queryClient = useQueryClient();
  const [streamed, setStreamed] = useState<GenerationState>();
  const [isStreamBroken, setStreamBroken] = useState(() => typeof EventSource === 'undefined');
  // What was heard of this deck, else what queued it.
  const state = streamed && streamed.presentationId === deckId ? streamed : initial;
  const isDone = isSettled(state);

  useEffect(() => {
    if (!deckId || isStreamBroken || isDone) return;
    const source = new EventSource(`${generationPath(deckId)}/events`);
    source.addEventListener('state', (event) => {
      const parsed = generationStateSchema.safeParse(JSON.parse((event as MessageEvent).data));
      if (!parsed.success) return;
      setStreamed(parsed.data);
      if (parsed.data.status !== 'generating') source.close();
    });
    // The stream ends when the deck is done; an error before that means it cannot be followed
    // this way (a proxy, a lost connection): poll instead.
    source.onerror = () => {
      source.close();
      setStreamBroken(true);
    };
    return () => source.close();
  }, [deckId, isStreamBroken, isDone]);

  const polled = useQuery({
    queryKey: ['decks', deckId, 'generation'],
    queryFn: ({ signal }) =>
      apiRequest(generationPath(deckId!), { schema: generationStateSchema, signal }),
    enabled: deckId !== undefined && isStreamBroken && !isDone,
    refetchInterval: (query) => (isSettled(query.state.data) ? false : 1_000),
  });
  useEffect(() => {
    if (polled.data) setStreamed(polled.data);
  }, [polled.data]);

  // Lists and the deck page show the deck's new state once it is made or has failed.
  useEffect(() => {
    if (isDone) void queryClient.invalidateQueries({ queryKey: ['decks'] });
  }, [isDone, queryClient]);

  return { state, restart: (next: GenerationState) => setStreamed(next) };
}

/** Try again: the failed deck is queued once more from its stored draft. */
export function useRetryGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deckId: string) =>
      apiRequest(`${generationPath(deckId)}/retry`, {
        method: 'POST',
        schema: generationStateSchema,
      }),
    // The deck is generating again: its page and the lists say so.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decks'] }),
  });
}
