import { makeStore } from '@/lib/store/store'
import { sessionChecked } from '@/features/auth/authSlice'

/**
 * A fresh store with a staff session holding `accessToken`, for tests of staff panels rendered
 * without the sign-in flow: the staff endpoints send that token (baseApi's prepareHeaders).
 */
export function makeSignedInStore(accessToken: string) {
  const store = makeStore()
  store.dispatch(
    sessionChecked({
      signedIn: {
        session: { accessToken, tokenType: 'bearer', expiresIn: 3600, expiresAt: 0 },
        user: { id: 'staff-1', email: 'staff@api-atlas.example', metadata: {} },
      },
      at: 0,
    }),
  )
  return store
}
