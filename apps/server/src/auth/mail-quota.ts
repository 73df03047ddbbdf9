import type { Services } from '../services.ts';
import { consumeAttempt } from './throttled.ts';

export const mailQuotaMessage =
  'You have sent too many e-mails for now. Please wait a while before sending more.';

/**
 * Counts one mail that a signed-in user is about to make the portal send (shares, client
 * links, invitations) against their hourly allowance; 429 with Retry-After once it is spent.
 * Counted before the mail is queued, so parallel requests cannot pass the limit together.
 */
export async function consumeMailQuota(
  services: Pick<Services, 'throttle' | 'throttleRules'>,
  userId: string,
) {
  return consumeAttempt(
    services,
    [{ key: `mail:user:${userId}`, rule: services.throttleRules.mailPerUser }],
    mailQuotaMessage,
  );
}

/** Runs `send` with one mail of the user's allowance counted first, and given back if it fails. */
export async function withMailQuota<T>(
  services: Pick<Services, 'throttle' | 'throttleRules'>,
  userId: string,
  send: () => Promise<T>,
): Promise<T> {
  const mail = await consumeMailQuota(services, userId);
  try {
    return await send();
  } catch (error) {
    await mail.giveBack();
    throw error;
  }
}
