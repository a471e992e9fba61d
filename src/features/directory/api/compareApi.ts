import type { CompareResponse, SimilarApi } from '@/contract/compare'
import { apiAnswers, apiRequests } from '@/shared/apiRequests'
import { baseApi } from '@/lib/store/baseApi'

/** Five minutes, as the directory's: going back to a comparison shows it at once. */
const KEEP_SECONDS = 300

/**
 * The comparison and an API's similar ones: a chunk of its own, loaded with the comparison's
 * route or when the similar panel comes into view, never on a listing's first load.
 */
export const compareApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `a,b,c` as the address gives it: the server says what is wrong with it, if anything. */
    getComparison: build.query<CompareResponse, string>({
      query: apiRequests.getComparison,
      transformResponse: apiAnswers.getComparison,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    getSimilar: build.query<SimilarApi[], string>({
      query: apiRequests.getSimilar,
      transformResponse: apiAnswers.getSimilar,
      keepUnusedDataFor: KEEP_SECONDS,
    }),
  }),
})

export const { useGetComparisonQuery, useGetSimilarQuery } = compareApi
