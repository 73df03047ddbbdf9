import { alertSettingsResponseSchema, alertsPaths, type AlertSettings } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { alertSettingsQueryKey } from './get-alert-settings.ts';

/** `PUT /api/profile/alerts`: the settings whole; answers them as saved. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings) =>
      apiRequest(alertsPaths.settings, {
        method: 'PUT',
        body: settings,
        schema: alertSettingsResponseSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsQueryKey, saved),
  });
}
