import { createRequire } from 'node:module';
import os from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH } from '@focusroom/core';
import { Semaphore } from './semaphore.js';

/** `Algorithm.Argon2id`; the enum is an ambient const enum, which verbatimModuleSyntax cannot read. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const COMMON_PASSWORD_COUNT = 1000;

/**
 * Hashes and verifications running at once. Each holds 19 MiB while it runs, and no more of
 * them than the cores can compute at once finish any sooner, so the rest wait their turn (in
 * order) instead of raising the process's memory with every concurrent sign-in. The default is
 * one per core; the app sets PASSWORD_HASH_CONCURRENCY's value at start-up.
 */
const hashSlots = new Semaphore(os.availableParallelism());

/** Sets how many hashes and verifications may run at once (config `passwordHashConcurrency`). */
export function setPasswordHashConcurrency(limit: number): void {
  hashSlots.setLimit(limit);
}

/** Hashes and verifications running and waiting now. */
export function passwordHashLoad(): { active: number; queued: number } {
  return { active: hashSlots.active, queued: hashSlots.queued };
}

export function hashPassword(password: string): Promise<string> {
  return hashSlots.run(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password or a malformed hash; never throws on user input. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH * 4) return false;
  try {
    return await hashSlots.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a fixed hash made with the same parameters, so an unknown account costs the
 * same time as a wrong password and login timing does not reveal which accounts exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('focusroom-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * The 1,000 highest-ranked entries of zxcvbn-ts's common-password list (ranked, most common
 * first), loaded once from the installed package: no network.
 */
export function getCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    const require = createRequire(import.meta.url);
    const ranked = require('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    commonPasswords = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  }
  return commonPasswords;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return getCommonPasswords().has(password.toLowerCase());
}
