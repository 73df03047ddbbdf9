import { mailTemplatesResponseSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `GET /api/admin/mail-templates`: every mail the portal sends, rendered from sample props. */
export function useMailTemplates() {
  return useQuery({
    queryKey: [...adminQueryKeys.all, 'mail-templates'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/mail-templates', { schema: mailTemplatesResponseSchema, signal }),
  });
}
