// "Check now" for the signed-in staff member when their profile has the admin role; nothing for
// other roles (the server refuses them too). Loaded lazily by MonitoringRoute.
import { useAppSelector } from '@/lib/store/hooks'
import { selectProfile } from '@/features/auth/authApi'
import { isAdmin } from '@/features/auth/authRules'
import { CheckNowButton } from '@/features/directory/components/CheckNowButton'

export function AdminCheckNow({ apiId }: { apiId: string }) {
  const profile = useAppSelector(selectProfile)
  return isAdmin(profile) ? <CheckNowButton apiId={apiId} /> : null
}
