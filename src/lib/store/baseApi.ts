import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react'
import { env } from '@/lib/env'

/**
 * The store's thunk argument (makeStore): the services a feature's thunks and endpoints run on, one
 * set per store. A feature declares its own by merging, as the auth feature does with `auth`.
 */
// Declaration merging needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface StoreExtra {}

/** An endpoint's `extraOptions`: `staff` sends the signed-in staff member's token (docs/architecture.md). */
export type ApiExtraOptions = { staff?: boolean }

/**
 * The staff session's access token, where the auth slice (features/auth, injected with the staff
 * routes) keeps it. Read by shape: importing the slice here would load it with every public page.
 */
const staffAccessToken = (state: unknown) =>
  (state as { auth?: { session: { accessToken: string } | null } }).auth?.session?.accessToken

const fetchQuery = fetchBaseQuery({
  // Absolute, so the same code runs in the browser and under jsdom.
  baseUrl: new URL(env.apiBaseUrl, globalThis.location?.href ?? 'http://localhost').href,
  // Only staff endpoints carry the token: it stays out of every cache key, and a refreshed token
  // is simply sent with the next request.
  prepareHeaders: (headers, { getState, extraOptions }) => {
    const token = (extraOptions as ApiExtraOptions | undefined)?.staff
      ? staffAccessToken(getState())
      : undefined
    if (token) headers.set('authorization', `Bearer ${token}`)
    return headers
  },
})

const baseQuery = fetchQuery as BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
>

/** The one RTK Query api for /api; each feature injects its own endpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
})
