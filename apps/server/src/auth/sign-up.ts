import type { z } from 'zod';
import type { signUpRequestSchema } from '@deck-portal/domain';
import { authMessages } from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { createAccount } from './create-account.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { consumeAttempt } from './throttled.ts';

export async function signUp(
  services: Services,
  { input, ip }: { input: z.output<typeof signUpRequestSchema>; ip: string },
) {
  const ipKey = { key: `sign-up:ip:${ip}`, rule: services.throttleRules.signUpPerIp };
  await consumeAttempt(services, [ipKey]);
  if (await isCommonPassword(input.password)) {
    throw new AppError('common_password', authMessages.commonPassword, {
      fields: { password: authMessages.commonPassword },
    });
  }
  const user = await createAccount(services, {
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.password),
    provider: 'password',
  });
  const token = await createSession(services.db, services.clock, user.id);
  return { user, token };
}
