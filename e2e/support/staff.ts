import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'

// Staff accounts and sign-in for the journeys that need a signed-in staff member.

const run = promisify(execFile)

/** What staff sign in with; Playwright's own user agent says HeadlessChrome, which is blocked. */
export const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

export const PASSWORD = 'Correct-horse-7!'

/** A fresh email per run, so the journeys never meet an account they did not create. */
export const account = (name: string) => `${name}-${Date.now()}@api-atlas.example`

/**
 * `npm run staff -- add`, reaching the running server through its DATA_DIR. A viewer unless
 * `role` says otherwise; posting to the networks needs an admin (or a user with --publish).
 */
export async function addStaff(email: string, name: string, role?: 'admin' | 'user' | 'viewer') {
  const { stdout } = await run(
    'npm',
    [
      'run',
      '--silent',
      'staff',
      '--',
      'add',
      email,
      PASSWORD,
      '--name',
      name,
      ...(role ? ['--role', role] : []),
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: inject('dataDir'),
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
      },
    },
  )
  return stdout
}

/** The login page, once its first second has passed (a click sooner is a bot's). */
export async function openLogin(page: Page) {
  if (!page.url().endsWith('/bpm-login')) await page.goto(`${inject('baseUrl')}/bpm-login`)
  await page.getByRole('button', { name: 'Access Dashboard' }).waitFor()
  await page.waitForTimeout(1_100)
}

/** Fills the login form and submits it; resolves with the token call's response. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password').fill(password)
  const answered = page.waitForResponse((response) => response.url().includes('/auth/v1/token'))
  await page.getByRole('button', { name: 'Access Dashboard' }).click()
  return answered
}

/** A staff access token from the embedded auth's password grant, as supabase-js gets one. */
export async function accessTokenFor(email: string, password = PASSWORD) {
  const baseUrl = inject('baseUrl')
  // Embedded auth answers on this server, at the address the browser used (staffClientUrl).
  const config = (await (await fetch(`${baseUrl}/api/config`)).json()) as {
    supabaseAnonKey: string
  }
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`Sign-in for ${email} answered ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}
