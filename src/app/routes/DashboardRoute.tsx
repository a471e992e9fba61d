// /dashboard: the staff session (features/auth) handed to the dashboard screen
// (features/dashboard). Two features meet only here, in the app (docs/architecture.md).
import { mayPublishPosts } from '@/contract/staffRoles'
import { useAppSelector } from '@/lib/store/hooks'
import {
  selectAuthPhase,
  selectDisplayName,
  selectProfile,
  selectProfileError,
  selectProfileSource,
} from '@/features/auth/authApi'
import {
  selectAuthUnavailable,
  selectIsExpiringSoon,
  selectIsRefreshing,
  selectSessionTimeLeftMs,
} from '@/features/auth/authSlice'
import { useStaffAuth } from '@/features/auth/useStaffAuth'
import { DashboardScreen, type DashboardStaff } from '@/features/dashboard/screens/DashboardScreen'

type Props = {
  /** The clock of the panels' relative times. */
  now?: () => number
}

export function DashboardRoute({ now }: Props) {
  const auth = useStaffAuth()
  const phase = useAppSelector(selectAuthPhase)
  const unavailable = useAppSelector(selectAuthUnavailable)
  const profileError = useAppSelector(selectProfileError)
  const profile = useAppSelector(selectProfile)
  const source = useAppSelector(selectProfileSource)
  const name = useAppSelector(selectDisplayName)
  const expiringSoon = useAppSelector(selectIsExpiringSoon)
  const timeLeftMs = useAppSelector(selectSessionTimeLeftMs)
  const refreshing = useAppSelector(selectIsRefreshing)

  const staff: DashboardStaff = (() => {
    switch (phase) {
      case 'loading':
      case 'anonymous':
        return { phase }
      case 'stuck':
        return { phase, detail: unavailable, onRetry: auth.retry }
      case 'profileNotFound':
        return { phase, detail: profileError, onRetry: auth.retry, onLogin: () => auth.signOut() }
      case 'ready':
        return {
          phase,
          name: name ?? '',
          role: profile?.role ?? 'viewer',
          // The server decides again on every post; this only keeps the form from those it refuses.
          canPublish: profile ? mayPublishPosts(profile) : false,
          limited: source === 'default',
          minutesLeft: expiringSoon ? Math.max(1, Math.ceil(timeLeftMs / 60_000)) : null,
          refreshing,
          onStaySignedIn: () => void auth.staySignedIn(),
          onLogout: () => auth.signOut('logout'),
        }
    }
  })()

  return <DashboardScreen staff={staff} now={now} />
}
