import { textCheckSchema } from '@deck-portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/text/check`: the characters of `texts` the deck's font cannot draw (they would show
 * as empty boxes). Asked once per set of texts; nothing is asked for blank ones.
 */
export function useFontCheck(texts: readonly string[]) {
  const wanted = texts.map((text) => text.trim()).filter((text) => text !== '');
  return useQuery({
    queryKey: ['font-check', wanted],
    queryFn: ({ signal }) =>
      apiRequest('/api/text/check', {
        method: 'POST',
        body: { texts: wanted },
        schema: textCheckSchema,
        signal,
      }),
    enabled: wanted.length > 0,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
