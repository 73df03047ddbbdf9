import { clientLinkPaths, clientLinkSenderSchema } from '@deck-portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/client-view/:token/sender`: the company and the rep behind the link, shown above
 * the deck and on the passcode screen (the token alone opens it).
 */
export function useLinkSender(token: string) {
  return useQuery({
    queryKey: ['client-view', token, 'sender'],
    queryFn: ({ signal }) =>
      apiRequest(clientLinkPaths.sender(token), { schema: clientLinkSenderSchema, signal }),
    retry: false,
    staleTime: Infinity,
  });
}
