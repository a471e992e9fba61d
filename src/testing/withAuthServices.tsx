import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { Decorator } from '@storybook/react-vite'
import { makeStore, type RootState } from '@/lib/store/store'
import { createStoreAuth, type AuthServices } from '@/features/auth/storeAuth'

type Props = {
  preloadedState?: Partial<RootState>
  services?: Partial<AuthServices>
  children: ReactNode
}

function StoreWithAuthServices({ preloadedState, services, children }: Props) {
  const [store] = useState(() => makeStore(preloadedState, { auth: createStoreAuth(services) }))
  return <Provider store={store}>{children}</Provider>
}

/**
 * A staff screen's story on a fresh store made with `parameters.authServices` in its thunk
 * argument (a clock that moves when told, a client signed in already) and `parameters.store` as
 * its state. The screen sees this store only; the shell around it keeps the providers' own.
 */
export const withAuthServices: Decorator = (Story, { id, parameters }) => (
  <StoreWithAuthServices
    key={id}
    preloadedState={parameters.store}
    services={parameters.authServices}
  >
    <Story />
  </StoreWithAuthServices>
)
