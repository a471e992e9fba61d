import { describe, expect, it } from 'vitest'
import { apiDetailSchema, apiSummarySchema } from '@/contract/apis'
import { categorySchema, CATEGORY_SLUGS } from '@/contract/categories'
import { publicConfigSchema } from '@/contract/config'
import { apiDetails, apiSummaries, stripeApi } from './apis'
import { categories } from './categories'
import { embeddedConfig, externalDirectoryConfig } from './config'

/** Fixtures follow the server's contract, so stories cannot show what the server never sends. */
describe('fixtures match the /api contract', () => {
  it.each([
    ['embedded', embeddedConfig],
    ['external directory', externalDirectoryConfig],
  ])('config: %s', (_name, config) => {
    expect(publicConfigSchema.parse(config)).toEqual(config)
  })

  it.each(apiDetails.map((api) => [api.id, api] as const))('api detail: %s', (_id, api) => {
    expect(apiDetailSchema.parse(api)).toEqual(api)
  })

  it('api summaries, one per detail, without the detail fields', () => {
    expect(apiSummaries).toHaveLength(apiDetails.length)
    for (const summary of apiSummaries)
      expect(apiSummarySchema.strict().parse(summary)).toEqual(summary)
    expect(stripeApi.category).toBe('payments')
  })

  it('categories: the 18 slugs, each valid', () => {
    expect(categories.map((category) => category.slug)).toEqual([...CATEGORY_SLUGS])
    for (const category of categories) expect(categorySchema.parse(category)).toEqual(category)
  })
})
