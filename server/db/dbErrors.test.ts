import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './dbErrors'

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  // What PGlite answers once its data directory has lost its permissions (seen as a non-root user).
  it.each([
    'could not open file "base/5/16385": Permission denied',
    'could not open file "PG_VERSION" for reading: Permission denied',
    'could not stat directory "base/5": Permission denied',
  ])('counts a data file it may not open as unavailable: %s', (message) => {
    expect(isDatabaseUnavailable(pgError('42501', message))).toBe(true)
  })

  it('leaves a refused grant or policy to the caller', () => {
    for (const message of [
      'permission denied for table profiles',
      'new row violates row-level security policy for table "login_history"',
      'permission denied for column role of relation profiles',
    ]) {
      expect(isDatabaseUnavailable(pgError('42501', message))).toBe(false)
    }
  })

  it('counts missing data files and a closed or reopening PGlite as unavailable', () => {
    expect(
      isDatabaseUnavailable(pgError('58P01', 'could not open file "base/5/1": No such file')),
    ).toBe(true)
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true)
    expect(
      isDatabaseUnavailable(
        new Error('The database is unavailable (PGlite in /srv/atlas): PGlite is being reopened'),
      ),
    ).toBe(true)
  })
})
