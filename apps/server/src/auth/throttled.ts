import { authMessages } from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { ThrottleRule } from './throttle.ts';

/** Answers 429 with Retry-After when any of the keys is over its limit. */
export async function assertNotThrottled(
  services: Pick<Services, 'throttle'>,
  checks: { key: string; rule: ThrottleRule }[],
) {
  const wait = await services.throttle.retryAfter(checks);
  if (wait !== undefined) {
    throw new AppError('too_many_requests', authMessages.tooManyAttempts, {
      headers: { 'retry-after': String(wait) },
    });
  }
}
