import { alertSettingsResponseSchema, alertsPaths } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const alertSettingsQueryKey = ['alert-settings'] as const;

/** `GET /api/profile/alerts`: the rep's alerts, and whether the workspace has a Slack address. */
export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: alertSettingsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest(alertsPaths.settings, { schema: alertSettingsResponseSchema, signal }),
  });

export function useAlertSettings() {
  return useQuery(alertSettingsQueryOptions());
}
