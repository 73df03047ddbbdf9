import { deckFiguresResponseSchema, type DeckFiguresRequest } from '@deck-portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/template-slides/figures`: what the chosen slides' figures (the ROI's saving and
 * payback) come to for the deck as step 3 has it, and what would look implausible to a client.
 * Asked again as the rep changes an input; the last answer stays on screen meanwhile.
 */
export function useDeckFigures(request: DeckFiguresRequest, isEnabled: boolean) {
  return useQuery({
    queryKey: ['deck-figures', request],
    queryFn: ({ signal }) =>
      apiRequest('/api/template-slides/figures', {
        method: 'POST',
        body: request,
        schema: deckFiguresResponseSchema,
        signal,
      }),
    enabled: isEnabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
