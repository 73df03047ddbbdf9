import {
  clientDefaultsResponseSchema,
  isDeckLanguage,
  profileSchema,
  type DeckLanguage,
} from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A deck's market and language as a default: either may be unset (the rep never chose one). */
export type DeckDefaults = { market: string | null; language: DeckLanguage | null };

const readDefaults = (answer: {
  market?: string | null;
  language?: string | null;
}): DeckDefaults => ({
  market: answer.market ?? null,
  language: answer.language && isDeckLanguage(answer.language) ? answer.language : null,
});

/** `GET /api/profile`: the rep's own default market and language for a new deck. */
export function useRepDeckDefaults({ enabled }: { enabled: boolean }) {
  return useQuery({
    // The profile's key: the profile page's answer is the same one.
    queryKey: ['profile'],
    queryFn: ({ signal }) => apiRequest('/api/profile', { schema: profileSchema, signal }),
    select: readDefaults,
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
        schema: clientDefaultsResponseSchema,
        signal,
      }),
    select: readDefaults,
    enabled: name !== '',
    staleTime: 60_000,
    retry: false,
  });
}
