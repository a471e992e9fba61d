import { describe, expect, it } from 'vitest'
import {
  BOT_REDIRECT_MS,
  BOT_USER_AGENT_FRAGMENTS,
  botVerdict,
  defaultProfile,
  displayName,
  EARLY_INTERACTION_MS,
  isEarlyInteraction,
  MAX_FAILED_ATTEMPTS,
  readBotSignals,
  hasPermission,
  hasRole,
  INACTIVITY_TIMEOUT_MS,
  isAdmin,
  isEmail,
  isStrongPassword,
  isUser,
  isViewer,
  profileName,
} from './authRules'
import type { Profile } from './types'

const viewer = defaultProfile('u1', 'ada@example.com')
const admin: Profile = { ...viewer, role: 'admin', permissions: ['*'] }

describe('auth rules', () => {
  it('passes a permission check with * or the named permission only', () => {
    expect(hasPermission(viewer, 'view_projects')).toBe(true)
    expect(hasPermission(viewer, 'manage_users')).toBe(false)
    expect(hasPermission(admin, 'manage_users')).toBe(true)
    expect(hasPermission(null, 'view_projects')).toBe(false)
  })

  it('checks roles against a list and derives the three flags', () => {
    expect(hasRole(viewer, ['admin', 'viewer'])).toBe(true)
    expect(hasRole(viewer, ['admin'])).toBe(false)
    expect([isAdmin(admin), isUser(admin), isViewer(admin)]).toEqual([true, false, false])
    expect([isAdmin(viewer), isUser(viewer), isViewer(viewer)]).toEqual([false, false, true])
  })

  it('needs 8+ characters with upper, lower, digit and special in a password', () => {
    expect(isStrongPassword('Correct-horse-7')).toBe(true)
    expect(isStrongPassword('Sh0rt!a')).toBe(false)
    expect(isStrongPassword('correct-horse-7')).toBe(false)
    expect(isStrongPassword('CORRECT-HORSE-7')).toBe(false)
    expect(isStrongPassword('Correct-horse')).toBe(false)
    expect(isStrongPassword('Correcthorse7')).toBe(false)
  })

  it('accepts name@domain.tld emails only', () => {
    expect(isEmail('ada@example.com')).toBe(true)
    expect(isEmail('ada@example')).toBe(false)
    expect(isEmail('ada example@x.io')).toBe(false)
  })

  it('names a profile from metadata, else the email before the @, else User', () => {
    expect(profileName('ada@example.com', { full_name: 'Ada Lovelace' })).toBe('Ada Lovelace')
    expect(profileName('ada@example.com', {})).toBe('ada')
    expect(profileName(undefined)).toBe('User')
    expect(viewer).toMatchObject({
      role: 'viewer',
      permissions: ['view_projects', 'view_analytics'],
    })
    expect(INACTIVITY_TIMEOUT_MS).toBe(1_800_000)
  })
})

describe('bot guard', () => {
  const person =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

  it('knows the eleven fragments of a bot user agent', () => {
    expect(BOT_USER_AGENT_FRAGMENTS).toEqual([
      'bot',
      'crawler',
      'spider',
      'curl',
      'wget',
      'python',
      'java',
      'php',
      'selenium',
      'headless',
      'test',
    ])
  })

  it.each(BOT_USER_AGENT_FRAGMENTS)(
    'blocks a user agent containing %s, in any case',
    (fragment) => {
      const userAgent = `Mozilla/5.0 (compatible; X${fragment.toUpperCase()}/1.0)`
      expect(botVerdict({ userAgent, hasBrowserFeatures: true })).toBe('userAgent')
    },
  )

  it('blocks a headless browser by its user agent', () => {
    const headless = person.replace('Chrome/', 'HeadlessChrome/')
    expect(botVerdict({ userAgent: headless, hasBrowserFeatures: true })).toBe('userAgent')
  })

  it('lets a browser through unless it lacks the features every browser has', () => {
    expect(botVerdict({ userAgent: person, hasBrowserFeatures: true })).toBeNull()
    expect(botVerdict({ userAgent: person, hasBrowserFeatures: false })).toBe('browserFeatures')
  })

  it('reads the running browser: its user agent and its storage and events', () => {
    expect(readBotSignals()).toEqual({
      userAgent: navigator.userAgent,
      hasBrowserFeatures: true,
    })
  })

  it('takes a click or key press under 1 s after load for a bot, and 1 s or later for a person', () => {
    expect(EARLY_INTERACTION_MS).toBe(1000)
    expect(isEarlyInteraction(5_000, 5_999)).toBe(true)
    expect(isEarlyInteraction(5_000, 6_000)).toBe(false)
  })

  it('redirects a bot after 1 s and blocks after more than 3 failed attempts', () => {
    expect(BOT_REDIRECT_MS).toBe(1000)
    expect(MAX_FAILED_ATTEMPTS).toBe(3)
  })
})

describe('the welcome name', () => {
  it('is the full name, or the email when the name is blank', () => {
    expect(displayName(viewer)).toBe('ada')
    expect(displayName({ full_name: 'Ada Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    )
    expect(displayName({ full_name: '  ', email: 'ada@example.com' })).toBe('ada@example.com')
  })
})
