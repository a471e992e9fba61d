// /apis/:id/monitoring: the monitoring page (features/directory), with "Check now" for a signed-in
// admin (features/auth). Two features meet only here, in the app (docs/architecture.md).
import { lazy, Suspense } from 'react'
import { useAppSelector } from '@/lib/store/hooks'
import { MonitoringScreen } from '@/features/directory/screens/MonitoringScreen'

/** Loaded only once a staff member is signed in on this page, so visitors never download it. */
const AdminCheckNow = lazy(() =>
  import('./AdminCheckNow').then((m) => ({ default: m.AdminCheckNow })),
)

/**
 * Whether a staff session is open in this store, read by shape where the auth slice keeps it:
 * importing the slice here would load the staff code with every visit of a public page. A session
 * lives in the page's memory only, so a visitor's first load never has one.
 */
const hasStaffSession = (state: unknown) =>
  Boolean((state as { auth?: { session: unknown } }).auth?.session)

export function MonitoringRoute() {
  const staff = useAppSelector(hasStaffSession)
  return (
    <MonitoringScreen
      actions={
        staff
          ? (apiId) => (
              <Suspense fallback={null}>
                <AdminCheckNow apiId={apiId} />
              </Suspense>
            )
          : undefined
      }
    />
  )
}
