import { authMessages } from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { ThrottleRule } from './throttle.ts';

export type ThrottleCheck = { key: string; rule: ThrottleRule };

function tooManyRequests(wait: number, message: string) {
  return new AppError('too_many_requests', message, {
    headers: { 'retry-after': String(wait) },
  });
}

/**
 * Counts one attempt against every key before the attempt is made, atomically, and answers
 * 429 with Retry-After when any key is now over its limit: a burst of parallel requests cannot
 * all slip under a limit, as a check-then-record would let them.
 */
export async function consumeAttempt(
  services: Pick<Services, 'throttle'>,
  checks: ThrottleCheck[],
  message: string = authMessages.tooManyAttempts,
) {
  const wait = await services.throttle.consume(checks);
  if (wait !== undefined) throw tooManyRequests(wait, message);
}
