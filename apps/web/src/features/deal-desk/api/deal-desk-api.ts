import {
  approvalRequestSchema,
  dealDeskSettingsSchema,
  type DealDeskSettings,
} from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dealDeskKeys } from '../../../lib/deal-desk.ts';

/** `GET /api/admin/deal-desk`: the settings as an administrator edits them. */
export function useAdminDealDesk() {
  return useQuery({
    queryKey: dealDeskKeys.adminSettings,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/deal-desk', { schema: dealDeskSettingsSchema, signal }),
  });
}

/** `PUT /api/admin/deal-desk`: saves every setting at once; 422 names the fields it refuses. */
export function useSaveDealDesk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DealDeskSettings) =>
      apiRequest('/api/admin/deal-desk', {
        method: 'PUT',
        body: settings,
        schema: dealDeskSettingsSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(dealDeskKeys.adminSettings, saved);
      return queryClient.invalidateQueries({ queryKey: dealDeskKeys.settings, exact: true });
    },
  });
}

/**
 * `POST /api/approvals/:id/decision`: approve or reject with a comment. 409 when another approver
 * decided first; 422 when a rejection has no comment. Either way the lists are asked again, and
 * the deck (an approval makes a new version of it).
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      decision,
      comment,
    }: {
      requestId: string;
      decision: 'approve' | 'reject';
      comment: string;
    }) =>
      apiRequest(`/api/approvals/${encodeURIComponent(requestId)}/decision`, {
        method: 'POST',
        body: { decision, comment },
        schema: approvalRequestSchema,
      }),
    onSettled: async (decided) => {
      await queryClient.invalidateQueries({ queryKey: dealDeskKeys.all });
      if (decided)
        await queryClient.invalidateQueries({ queryKey: ['decks', 'detail', decided.deckId] });
    },
  });
}
