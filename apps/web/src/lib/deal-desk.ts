import {
  approvalRequestSchema,
  approvalsResponseSchema,
  checkDeal,
  deckApprovalSchema,
  dealDeskSettingsSchema,
  type DealCheck,
  type DealMoney,
  type PriceBook,
  type ProductSelection,
} from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { useSession } from './session.ts';

/** Every deal desk query lives under `deal-desk`: a decision or a new request reloads them all. */
export const dealDeskKeys = {
  all: ['deal-desk'] as const,
  settings: ['deal-desk', 'settings'] as const,
  adminSettings: ['deal-desk', 'settings', 'admin'] as const,
  deck: (deckId: string) => ['deal-desk', 'deck', deckId] as const,
  approvals: (state: ApprovalsFilter) => ['deal-desk', 'approvals', state] as const,
};

export type ApprovalsFilter = 'pending' | 'decided' | 'all';

/** `GET /api/deal-desk`: the limits the wizard checks prices against (any approved user). */
export function useDealDeskSettings() {
  return useQuery({
    queryKey: dealDeskKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest('/api/deal-desk', { schema: dealDeskSettingsSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * `GET /api/decks/:id/approval`: where the deck stands with the deal desk. While a request
 * waits, it is asked again every 20 seconds, so a decision shows without a reload.
 */
export function useDeckApproval(deckId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dealDeskKeys.deck(deckId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/decks/${encodeURIComponent(deckId)}/approval`, {
        schema: deckApprovalSchema,
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? 20_000 : false),
    refetchOnWindowFocus: true,
    retry: false,
    enabled,
  });
}

/** `POST /api/decks/:id/approval-requests`: asks an approver, with a note; 409 when not needed. */
export function useRequestApproval(deckId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      apiRequest(`/api/decks/${encodeURIComponent(deckId)}/approval-requests`, {
        method: 'POST',
        body: { note },
        schema: approvalRequestSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealDeskKeys.all }),
  });
}

/** `GET /api/approvals?state=…`: the requests a manager or an administrator sees. */
export function useApprovals(state: ApprovalsFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: dealDeskKeys.approvals(state),
    queryFn: ({ signal }) =>
      apiRequest(`/api/approvals?state=${state}`, { schema: approvalsResponseSchema, signal }),
    refetchInterval: state === 'pending' ? 60_000 : false,
    enabled: options.enabled ?? true,
  });
}

/**
 * The deal desk's check of a selection as the signed-in user prices it, at once as they type;
 * undefined until the limits and the session are loaded (the server checks again when generating).
 * When Modify edits a deck (`deckId`), its owner's limits hold, as on the server: a manager
 * editing a rep's deck is warned at the rep's limits.
 */
export function useDealCheck(
  selection: ProductSelection | undefined,
  book: PriceBook | undefined,
  deckId?: string,
  /** The deck's currency when `book` is priced in another than US dollars (issue 50). */
  money?: DealMoney,
): DealCheck | undefined {
  const settings = useDealDeskSettings().data;
  const user = useSession().data;
  const approval = useDeckApproval(deckId ?? '', { enabled: deckId !== undefined });
  if (!selection || !book || !settings || !user) return undefined;
  if (deckId !== undefined && approval.isPending) return undefined;
  return checkDeal(selection, book, settings, approval.data?.ownerRole ?? user.role, money);
}
