import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react'
import { env } from '@/app/lib/env'

/** The one RTK Query api for /api; each feature injects its own endpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    // Absolute, so the same code runs in the browser and under jsdom.
    baseUrl: new URL(env.apiBaseUrl, globalThis.location?.href ?? 'http://localhost').href,
  }),
  tagTypes: [],
  endpoints: () => ({}),
})
