import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the account does not exist, so both answers take the same time.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('dummy-password-1');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
