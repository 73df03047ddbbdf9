import { clientLinkPaths, startVisitResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/client-view/:token/visits`: counts one opening of the link (once per viewer: the
 * server keeps a cookie for it) and names the visit the viewer reports slide times to (none
 * when the rep is looking at their own link, or the address opened it too often this hour).
 */
export function startVisit(token: string) {
  return apiRequest(`${clientLinkPaths.api(token)}/visits`, {
    method: 'POST',
    schema: startVisitResponseSchema,
  });
}

/**
 * A POST read as a query on purpose: the cache makes it one visit per page load, however often
 * the page re-renders or remounts (StrictMode, the passcode form giving way to the deck).
 */
export function visitQueryOptions(token: string) {
  return queryOptions({
    // Not under the view's key, so refreshing the view never starts another visit.
    queryKey: ['client-view-visit', token],
    queryFn: () => startVisit(token),
    // A retry after a lost answer would count the opening twice.
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The visit, started once `enabled` (the page has been seen a moment), then kept. */
export function useVisit(token: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...visitQueryOptions(token), enabled });
}
