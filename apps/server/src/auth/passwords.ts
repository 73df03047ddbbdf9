import { hash, verify } from '@node-rs/argon2';

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

/**
 * The ~49,000 most common passwords, from @zxcvbn-ts/language-common (MIT), lowercased: loaded
 * with the first password someone chooses, not at start. Held, they are ~3.5 MB of the web
 * process's heap (the list, its module's source and the set), which a portal that only signs
 * people in never needs (ADR 087).
 */
let commonPasswords: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ default: common }) =>
      new Set(
        (common.dictionary['passwords-common'] as string[]).map((known) => known.toLowerCase()),
      ),
    (error: unknown) => {
      commonPasswords = undefined; // the next password chosen tries again
      throw error;
    },
  );
  return (await commonPasswords).has(password.toLowerCase());
}
