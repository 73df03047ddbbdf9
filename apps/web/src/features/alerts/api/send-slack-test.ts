import { alertsPaths, type SlackTestRequest } from '@deck-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/profile/alerts/slack-test`: a test message to the address given (or the saved one). */
export function useSendSlackTest() {
  return useMutation({
    mutationFn: (request: SlackTestRequest) =>
      apiRequest(alertsPaths.slackTest, { method: 'POST', body: request, schema: z.undefined() }),
  });
}
