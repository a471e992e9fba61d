// The OAuth panel's settings and the flow under way, per security scheme: kept while the tab is
// open, so switching the request's tabs does not lose a sign-in in progress. Never persisted: the
// PKCE verifier and a device code live only as long as the page. Loaded with the OAuth panel.
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit'
import { createAppSlice } from '@/lib/store/createAppSlice'
import { rootReducer } from '@/lib/store/store'
import type { DeviceStart, OAuthSettings } from './lib/oauth'

/** What the panel is doing for a scheme, apart from the token the environment holds. */
export type OAuthFlow =
  | { kind: 'idle' }
  /** The authorization page is open elsewhere; its answer must carry `state`. */
  | { kind: 'waiting'; state: string; verifier: string; redirectUri: string; url: string }
  | { kind: 'device'; device: DeviceStart; interval: number }
  | { kind: 'exchanging' }
  | { kind: 'denied'; error: string; description: string; hint?: string }

export type OAuthSchemeState = { settings: OAuthSettings; flow: OAuthFlow }

export type OAuthState = Record<string, OAuthSchemeState>

const initialState: OAuthState = {}

export const oauthSlice = createAppSlice({
  name: 'oauth',
  initialState,
  reducers: (create) => ({
    oauthSettingsChanged: create.reducer(
      (state, { payload }: PayloadAction<{ key: string; settings: OAuthSettings }>) => {
        const current = state[payload.key]
        state[payload.key] = { settings: payload.settings, flow: current?.flow ?? { kind: 'idle' } }
      },
    ),
    oauthFlowChanged: create.reducer(
      (state, { payload }: PayloadAction<{ key: string; flow: OAuthFlow }>) => {
        const current = state[payload.key]
        if (current) current.flow = payload.flow
      },
    ),
  }),
  selectors: {
    selectOAuthScheme: (state, key: string): OAuthSchemeState | undefined => state[key],
  },
})

declare module '@/lib/store/store' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof oauthSlice> {}
}

const injected = oauthSlice.injectInto(rootReducer)

export const { oauthSettingsChanged, oauthFlowChanged } = oauthSlice.actions
export const { selectOAuthScheme } = injected.selectors
