import { describe, expect, it } from 'vitest'
import {
  apiDetailResponseSchema,
  apiListResponseSchema,
  categoryApisResponseSchema,
} from '@/contract/apis'
import { apiErrorSchema } from '@/contract/common'
import { categoriesResponseSchema } from '@/contract/categories'
import { server } from '../node'
import { apisHandlers } from './apis'
import { categoriesHandlers } from './categories'

const get = async (path: string) => {
  const response = await fetch(`http://localhost${path}`)
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('catalogue handlers', () => {
  it('default: answers every route in the contract shape', async () => {
    const list = await get('/api/apis?search=stripe')
    expect(apiListResponseSchema.parse(list.body).data.apis[0]?.id).toBe('stripe-com')
    const detail = await get('/api/apis/stripe-com')
    expect(apiDetailResponseSchema.parse(detail.body).data.api.name).toBe('Stripe API')
    const category = await get('/api/apis/category/payments')
    expect(categoryApisResponseSchema.parse(category.body).data.category.slug).toBe('payments')
    const categories = await get('/api/categories')
    expect(categoriesResponseSchema.parse(categories.body).data.categories).toHaveLength(18)
  })

  it('default: answers 404s and 400s as the server does', async () => {
    expect(await get('/api/apis/nope')).toEqual({
      status: 404,
      body: { success: false, error: 'API not found' },
    })
    expect(await get('/api/apis/category/nope')).toEqual({
      status: 404,
      body: { success: false, error: 'Category not found' },
    })
    const bad = await get('/api/apis?limit=10000')
    expect(bad.status).toBe(400)
    expect(apiErrorSchema.parse(bad.body).error).toContain("Query parameter 'limit'")
  })

  it('empty, notFound and error variants', async () => {
    server.use(...apisHandlers.empty, ...categoriesHandlers.empty)
    expect(apiListResponseSchema.parse((await get('/api/apis')).body).data.total).toBe(0)
    const emptyCategory = categoryApisResponseSchema.parse(
      (await get('/api/apis/category/payments')).body,
    ).data
    expect(emptyCategory.apis).toEqual([])

    server.use(...apisHandlers.notFound)
    expect((await get('/api/apis/stripe-com')).status).toBe(404)
    expect((await get('/api/apis/category/payments')).status).toBe(404)

    server.use(...apisHandlers.error, ...categoriesHandlers.error)
    for (const path of ['/api/apis', '/api/apis/stripe-com', '/api/categories']) {
      const { status, body } = await get(path)
      expect(status).toBe(503)
      expect(apiErrorSchema.parse(body).success).toBe(false)
    }
  })
})
