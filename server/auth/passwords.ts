import { randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'

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

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST)

// Compared against when the email is unknown, so both answers take as long (no enumeration).
let dummyHash: Promise<string> | undefined

/** Compares with the stored hash, or with a dummy one when there is none. */
export const checkPassword = async (password: string, hash: string | null | undefined) => {
  if (hash) return bcrypt.compare(password, hash)
  dummyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), BCRYPT_COST)
  await bcrypt.compare(password, await dummyHash)
  return false
}

/** A password for the first-start admin: 23 characters with letters, digits and a symbol. */
export const randomPassword = () => `${randomBytes(15).toString('base64url')}-7a`
