import { createClient } from '@supabase/supabase-js'
import { expect } from 'vitest'

/** The real supabase-js client as a test drives it: nothing persisted, no background refresh. */
export const testClient = (url: string, anonKey: string) =>
  createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } })

/** A client signed in with the password, failing the test if the sign-in does. */
export const signedInClient = async (
  url: string,
  anonKey: string,
  email: string,
  password: string,
) => {
  const client = testClient(url, anonKey)
  const { error } = await client.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  return client
}
