import { authMessages } from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { ThrottleCheck } from './throttle.ts';

function tooManyRequests(wait: number, message: string) {
  return new AppError('too_many_requests', message, {
    headers: { 'retry-after': String(wait) },
  });
}

/**
 * Counts one attempt before the attempt is made, atomically (see `Throttle.consume` for the
 * order of the keys), and answers 429 with Retry-After when a key is now over its limit: a
 * burst of parallel requests cannot all slip under a limit, as a check-then-record would let
 * them. Answers how to give the attempt back, for an attempt that turned out to be no failure.
 */
export async function consumeAttempt(
  services: Pick<Services, 'throttle'>,
  checks: ThrottleCheck[],
  message: string = authMessages.tooManyAttempts,
) {
  const attempt = await services.throttle.consume(checks);
  if (attempt.retryAfterSeconds !== undefined) {
    throw tooManyRequests(attempt.retryAfterSeconds, message);
  }
  return attempt;
}
