import { outboxResponseSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `GET /api/admin/outbox`: the newest mails; reloaded every 10 s while the page is open. */
export function useOutbox() {
  return useQuery({
    queryKey: [...adminQueryKeys.all, 'outbox'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/outbox', { schema: outboxResponseSchema, signal }),
    refetchInterval: 10_000,
  });
}
