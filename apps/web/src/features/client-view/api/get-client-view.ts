import { clientLinkPaths, clientViewSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const clientViewQueryKey = (token: string) => ['client-view', token] as const;

/**
 * `GET /api/client-view/:token`: the deck behind a client link. Answers 401
 * `passcode_required` until the link's passcode is given, and 404 once the link is gone.
 */
export function getClientView(token: string, signal?: AbortSignal) {
  return apiRequest(clientLinkPaths.api(token), { schema: clientViewSchema, signal });
}

export function clientViewQueryOptions(token: string) {
  return queryOptions({
    queryKey: clientViewQueryKey(token),
    queryFn: ({ signal }) => getClientView(token, signal),
    // A refusal (passcode, gone link) will not change by asking again.
    retry: false,
    staleTime: Infinity,
  });
}

export function useClientView(token: string) {
  return useQuery(clientViewQueryOptions(token));
}
