import { portalConfigSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** `GET /api/config`: this installation's settings the browser needs (the tutorial address). */
export function getPortalConfig(signal?: AbortSignal) {
  return apiRequest('/api/config', { schema: portalConfigSchema, signal });
}

export function portalConfigQueryOptions() {
  return queryOptions({
    queryKey: ['portal-config'],
    queryFn: ({ signal }) => getPortalConfig(signal),
    staleTime: Infinity,
  });
}

export function usePortalConfig() {
  return useQuery(portalConfigQueryOptions());
}
