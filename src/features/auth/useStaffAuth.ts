import { useEffect, useMemo } from 'react'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import { selectAuthPhase } from './authApi'
import { AUTH_STUCK_MS } from './authRules'
import { authStalled } from './authSlice'
import {
  readAuthServices,
  retryStaffAuth,
  signIn,
  signOut,
  staySignedIn,
  startStaffAuth,
} from './staffAuth'
import type { SignOutReason } from './types'

/**
 * The staff session of this store, started on first use, and the time-out that turns a long
 * loading state into 'Authentication is taking too long'. The services are the store's own
 * (its thunk argument), so every screen of one store shares one session.
 */
export function useStaffAuth() {
  const dispatch = useAppDispatch()
  const { clock } = useMemo(() => dispatch(readAuthServices()), [dispatch])
  useEffect(() => {
    dispatch(startStaffAuth())
  }, [dispatch])

  const loading = useAppSelector(selectAuthPhase) === 'loading'
  useEffect(() => {
    if (!loading) return
    return clock.after(AUTH_STUCK_MS, () => dispatch(authStalled()))
  }, [loading, clock, dispatch])

  return useMemo(
    () => ({
      clock,
      /** After a stall or a missing profile: checks the session and loads the profile again. */
      retry: () => dispatch(retryStaffAuth()),
      signIn: (email: string, password: string) => dispatch(signIn(email, password)),
      signOut: (reason?: SignOutReason) => dispatch(signOut(reason)),
      /** 'Stay signed in': counts as activity and refreshes the session (SESSION_REFRESHED). */
      staySignedIn: () => dispatch(staySignedIn()),
    }),
    [clock, dispatch],
  )
}
