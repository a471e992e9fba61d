import { delay, http, HttpResponse } from 'msw'
import type { CategoriesResponse } from '@/contract/categories'
import type { ApiError } from '@/contract/common'
import { categories } from '../data/categories'

const url = '*/api/categories'

const answer = (list = categories) =>
  HttpResponse.json({ success: true, data: { categories: list } } satisfies CategoriesResponse)

/** GET /api/categories. */
export const categoriesHandlers = {
  default: [http.get(url, () => answer())],
  empty: [http.get(url, () => answer([]))],
  error: [
    http.get(url, () =>
      HttpResponse.json({ success: false, error: 'Service unavailable' } satisfies ApiError, {
        status: 503,
      }),
    ),
  ],
  slow: [
    http.get(url, async () => {
      await delay(1500)
      return answer()
    }),
  ],
  loading: [
    http.get(url, async () => {
      await delay('infinite')
      return answer()
    }),
  ],
}
