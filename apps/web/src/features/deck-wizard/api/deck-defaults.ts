import { deckLanguageSchema, marketCodeSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** A deck's market and language as a default: either may be unset (the rep never chose one). */
const deckDefaultsSchema = z.object({
  market: marketCodeSchema.nullish(),
  language: deckLanguageSchema.nullish(),
});
export type DeckDefaults = z.infer<typeof deckDefaultsSchema>;

/** `GET /api/profile`: the rep's own default market and language for a new deck. */
export function useRepDeckDefaults({ enabled }: { enabled: boolean }) {
  return useQuery({
    // Under the profile's key, so a change on the profile page is seen here.
    queryKey: ['profile', 'deck-defaults'],
    queryFn: ({ signal }) => apiRequest('/api/profile', { schema: deckDefaultsSchema, signal }),
    enabled,
    retry: false,
  });
}

/**
 * `GET /api/decks/client-defaults?client=…`: the market and language of the rep's newest deck for
 * that client (else the rep's own defaults); nothing is asked for a blank name.
 */
export function useClientDeckDefaults(client: string) {
  const name = client.trim();
  return useQuery({
    queryKey: ['client-deck-defaults', name],
    queryFn: ({ signal }) =>
      apiRequest(`/api/decks/client-defaults?client=${encodeURIComponent(name)}`, {
        schema: deckDefaultsSchema,
        signal,
      }),
    enabled: name !== '',
    staleTime: 60_000,
    retry: false,
  });
}
