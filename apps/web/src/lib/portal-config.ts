import { defaultProductName, portalConfigSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** `GET /api/config`: this installation's settings the browser needs (its name, the tutorial). */
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

/**
 * What the portal calls itself (PRODUCT_NAME): the default until the configuration has come, so
 * the texts naming it never stand blank or jump.
 */
export function useProductName() {
  return usePortalConfig().data?.productName ?? defaultProductName;
}
