// /analytics: the staff session (features/auth) handed to the analytics screen
// (features/analytics). Two features meet only here, in the app (docs/architecture.md).
import { useAppSelector } from '@/lib/store/hooks'
import { selectAuthPhase, selectProfileError } from '@/features/auth/authApi'
import { selectAuthUnavailable } from '@/features/auth/authSlice'
import { useStaffAuth } from '@/features/auth/useStaffAuth'
import { AnalyticsScreen, type AnalyticsStaff } from '@/features/analytics/screens/AnalyticsScreen'

export function AnalyticsRoute() {
  const auth = useStaffAuth()
  const phase = useAppSelector(selectAuthPhase)
  const unavailable = useAppSelector(selectAuthUnavailable)
  const profileError = useAppSelector(selectProfileError)

  const staff: AnalyticsStaff = (() => {
    switch (phase) {
      case 'loading':
      case 'anonymous':
      case 'ready':
        return { phase }
      case 'stuck':
        return {
          phase: 'unavailable',
          title: 'Authentication is taking too long',
          message:
            unavailable ??
            'The check of your session has not finished. Try again, or go to the login page and sign in again.',
          onRetry: auth.retry,
        }
      case 'profileNotFound':
        return {
          phase: 'unavailable',
          title: 'Profile Not Found',
          message: `Your staff profile could not be loaded. Contact support if this keeps happening, or log in again.${profileError ? ` (${profileError})` : ''}`,
          onRetry: auth.retry,
        }
    }
  })()

  return <AnalyticsScreen staff={staff} />
}
