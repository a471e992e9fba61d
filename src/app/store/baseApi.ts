import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import { env } from '@/app/lib/env'
import { takeFirstAnswer, type FirstAnswers } from './firstAnswers'

/** The store's thunk argument (makeStore): the answers its page came with. */
export type StoreExtra = { firstAnswers?: FirstAnswers }

const fetchQuery = fetchBaseQuery({
  // Absolute, so the same code runs in the browser and under jsdom.
  baseUrl: new URL(env.apiBaseUrl, globalThis.location?.href ?? 'http://localhost').href,
})

/** fetchBaseQuery, except that a request the server already answered in the page is not sent. */
const baseQuery: typeof fetchQuery = (args, api, extraOptions) => {
  const answer = takeFirstAnswer((api.extra as StoreExtra | undefined)?.firstAnswers, args)
  if (answer !== undefined) return { data: answer }
  return fetchQuery(args, api, extraOptions)
}

/** The one RTK Query api for /api; each feature injects its own endpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: () => ({}),
})
