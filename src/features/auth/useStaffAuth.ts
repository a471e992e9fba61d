import { useEffect } from 'react'
import { useAppDispatch, useAppSelector, useAppStore } from '@/app/store/hooks'
import { AUTH_STUCK_MS } from './authRules'
import { authStalled, selectAuthPhase } from './authSlice'
import { staffAuthFor, type AuthServices, type StaffAuth } from './staffAuth'

export type StaffAuthOptions = Partial<AuthServices>

/**
 * The staff session of this store, started on first use, and the time-out that turns a long
 * loading state into 'Authentication is taking too long'.
 */
export function useStaffAuth(options: StaffAuthOptions = {}): StaffAuth {
  const store = useAppStore()
  const dispatch = useAppDispatch()
  // The first call for a store makes its session; later calls get the same one.
  const auth = staffAuthFor(store, options)
  useEffect(() => auth.start(), [auth])

  const loading = useAppSelector(selectAuthPhase) === 'loading'
  const { clock } = auth.services
  useEffect(() => {
    if (!loading) return
    return clock.after(AUTH_STUCK_MS, () => dispatch(authStalled()))
  }, [loading, clock, dispatch])
  return auth
}
