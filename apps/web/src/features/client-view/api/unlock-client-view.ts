import { clientLinkPaths, unlockClientViewRequestSchema } from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientViewQueryKey } from './get-client-view.ts';

/**
 * `POST /api/client-view/:token/unlock`: checks the passcode; the answer sets a cookie that
 * opens this link's view (204). A wrong passcode is 400 `wrong_passcode`, too many are 429.
 */
export async function unlockClientView({ token, passcode }: { token: string; passcode: string }) {
  await apiRequest(`${clientLinkPaths.api(token)}/unlock`, {
    method: 'POST',
    body: unlockClientViewRequestSchema.parse({ passcode }),
    schema: z.undefined(),
  });
}

export function useUnlockClientView(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passcode: string) => unlockClientView({ token, passcode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientViewQueryKey(token) }),
  });
}
