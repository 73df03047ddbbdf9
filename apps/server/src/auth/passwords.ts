import { hash, verify } from '@node-rs/argon2';
import common from '@zxcvbn-ts/language-common';

// OWASP's argon2id settings: 19 MiB of memory, two passes, one lane.
const argonOptions = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

// Verified against when the e-mail is unknown, so both paths cost the same time.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; with no hash (unknown e-mail, Google-only account)
 * it still does the same work and answers false.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-0f4c2a');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

// The ~49,000 most common passwords, from @zxcvbn-ts/language-common (MIT), ordered by frequency.
const commonPasswords = new Set(
  (common.dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
