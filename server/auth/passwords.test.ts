import { performance } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { overloadOf } from '../admission'
import {
  BCRYPT_COST,
  checkPassword,
  hashPassword,
  PASSWORD_LIMITS,
  passwordChecks,
} from './passwords'

// bcryptjs's hash of 'correct horse 1' at cost 10, as stored before hashing went native.
const STORED_BY_BCRYPTJS = '$2b$10$pgqzdkxRaPG6jTVML93qLuEMZJe9A9O5jM88F8RGvGTqwSyqxyPE6'

describe('password checks', () => {
  it('make and check standard bcrypt hashes, those stored before included', async () => {
    const stored = await hashPassword('correct horse 1')
    expect(stored).toMatch(new RegExp(`^\\$2[ab]\\$${BCRYPT_COST}\\$`))
    expect(await checkPassword('correct horse 1', stored)).toBe(true)
    expect(await checkPassword('wrong horse 1', stored)).toBe(false)
    // An unknown email is checked against a dummy hash, and never matches.
    expect(await checkPassword('correct horse 1', null)).toBe(false)
    expect(await checkPassword('correct horse 1', STORED_BY_BCRYPTJS)).toBe(true)
  })

  it('run off the event loop: the loop stays mostly idle while checks run', async () => {
    const stored = await hashPassword('correct horse 1')
    const before = performance.eventLoopUtilization()
    await Promise.all(
      Array.from({ length: 8 }, (_, n) => checkPassword(`guess ${n}`, n % 2 ? stored : null)),
    )
    // A share of the loop's time, not a duration: JavaScript hashing keeps the loop busy nearly
    // all the time (about 0.99), however fast or loaded the machine is.
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.5)
  })

  it('shed checks past the global cap at once, with a time to come back', async () => {
    const stored = await hashPassword('correct horse 1')
    const admitted = PASSWORD_LIMITS.concurrency + PASSWORD_LIMITS.maxQueued
    const shedBefore = passwordChecks().shed
    const answers = await Promise.allSettled(
      Array.from({ length: admitted + 6 }, () => checkPassword('guess 1', stored)),
    )
    // Six at once for the full queue; on a loaded machine a few more may pass their 3 s wait.
    const shed = answers.filter((answer) => answer.status === 'rejected')
    expect(shed.length).toBeGreaterThanOrEqual(6)
    for (const answer of shed) {
      expect(overloadOf((answer as PromiseRejectedResult).reason)).toMatchObject({
        resource: 'password checks',
        retryAfterS: 2,
      })
    }
    expect(passwordChecks().shed - shedBefore).toBe(shed.length)
  })
})
