import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/bcrypt'
import { createGate, type GateLimits } from '../admission'

/** GoTrue's default bcrypt cost. */
export const BCRYPT_COST = 10
/** bcrypt reads only the first 72 bytes; longer passwords are refused rather than cut. */
export const MAX_PASSWORD_BYTES = 72
export const MIN_PASSWORD_LENGTH = 8

export const passwordTooLong = (password: string) =>
  Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES

/** The staff rule: 8 to 72 bytes, with letters and at least one digit or symbol. */
export const passwordProblem = (password: string): string | undefined => {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`
  }
  if (passwordTooLong(password)) {
    return `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes (bcrypt ignores the rest)`
  }
  if (!/\p{L}/u.test(password) || !/[^\p{L}]/u.test(password)) {
    return 'Password must contain letters and at least one digit or symbol'
  }
  return undefined
}

/**
 * Hashing runs natively on libuv's thread pool (@node-rs/bcrypt), never on the event loop, and at
 * most two at once: the pool has four threads, shared with name lookups (the API tester's) and
 * file reads, which must not starve behind a crowd of sign-ins. A check takes about 50 ms of a
 * core at cost 10, so 32 waiting is under a second of work; past that, or after 3 s of waiting,
 * a sign-in is answered 503 busy at once. Hashes are standard `$2a$`/`$2b$` bcrypt, the same as
 * GoTrue's and those stored before.
 */
export const PASSWORD_LIMITS: GateLimits = { concurrency: 2, maxQueued: 32, maxWaitMs: 3_000 }

const hashing = createGate({ name: 'password checks', ...PASSWORD_LIMITS })

/**
 * @node-rs/bcrypt writes the `$2y$` prefix; `$2y$` and `$2b$` name the same algorithm, and `$2b$`
 * is what GoTrue and the hashes stored before read, so that is what is stored.
 */
const asTwoB = (hashed: string) => hashed.replace(/^\$2y\$/, '$2b$')

export const hashPassword = (password: string) =>
  hashing.run(async () => asTwoB(await hash(password, BCRYPT_COST)))

// Compared against when the email is unknown, so both answers take as long (no enumeration).
let dummyHash: Promise<string> | undefined

/** Compares with the stored hash, or with a dummy one when there is none. */
export const checkPassword = async (password: string, stored: string | null | undefined) => {
  if (stored) return hashing.run(() => verify(password, stored))
  dummyHash ??= hash(randomBytes(16).toString('hex'), BCRYPT_COST)
  const dummy = await dummyHash
  await hashing.run(() => verify(password, dummy))
  return false
}

/** Checks running and waiting, and how many were shed (benchmarks). */
export const passwordChecks = () => hashing.stats()

/** A password for the first-start admin: 23 characters with letters, digits and a symbol. */
export const randomPassword = () => `${randomBytes(15).toString('base64url')}-7a`
