import { engagementReportSchema, type EngagementQuery } from '@deck-portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/engagement`: products by attention, pricing read, time to acceptance and reps'
 * counts over a range; a rep's own decks, every rep's for managers and admins.
 */
export function getEngagementReport(query: EngagementQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.repId) params.set('repId', query.repId);
  const search = params.toString();
  return apiRequest(`/api/engagement${search ? `?${search}` : ''}`, {
    schema: engagementReportSchema,
    signal,
  });
}

export function engagementReportQueryOptions(query: EngagementQuery) {
  return queryOptions({
    queryKey: ['engagement', query],
    queryFn: ({ signal }) => getEngagementReport(query, signal),
    // A new range keeps the last report on screen until the next one arrives.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useEngagementReport(query: EngagementQuery) {
  return useQuery(engagementReportQueryOptions(query));
}
