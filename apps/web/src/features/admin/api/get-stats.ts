import { adminStatsSchema, type AdminStats } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `GET /api/admin/stats`: pending, approved and total accounts. */
export function getStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiRequest('/api/admin/stats', { schema: adminStatsSchema, signal });
}

export function statsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.stats,
    queryFn: ({ signal }) => getStats(signal),
  });
}

export function useStats() {
  return useQuery(statsQueryOptions());
}
