import { hash, parseOptions, verify } from '@node-rs/argon2';
import type { PasswordHashingConfig } from '../env.ts';

// Passwords are stored as argon2id PHC strings ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
// The algorithm is @node-rs/argon2's default (Argon2id); the cost comes from the configuration.

export function hashPassword(password: string, params: PasswordHashingConfig): Promise<string> {
  return hash(password, {
    memoryCost: params.memoryCost,
    timeCost: params.timeCost,
    parallelism: params.parallelism,
  });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters (rehash it after a good login). */
export function needsRehash(passwordHash: string, params: PasswordHashingConfig): boolean {
  try {
    const current = parseOptions(passwordHash);
    return (
      current.memoryCost !== params.memoryCost ||
      current.timeCost !== params.timeCost ||
      current.parallelism !== params.parallelism
    );
  } catch {
    return true;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the time of a real verification when there is no user to check, so that response
 * times do not reveal which e-mails are registered.
 */
export async function burnVerificationTime(
  password: string,
  params: PasswordHashingConfig,
): Promise<void> {
  const key = `${params.memoryCost}:${params.timeCost}:${params.parallelism}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('anaquel-timing-equaliser', params);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
}
