import { describe, expect, it } from 'vitest'
import { apiDetailSchema, apiSummarySchema } from '@/contract/apis'
import { categorySchema, CATEGORY_SLUGS } from '@/contract/categories'
import { publicConfigSchema } from '@/contract/config'
import { apiDetails, apiSummaries, stripeApi } from './apis'
import { categories } from './categories'
import { embeddedConfig, externalDirectoryConfig } from './config'
import { apiErrorSchema } from '@/contract/common'
import { testResponseDataSchema } from '@/contract/tester'
import * as tester from './tester'
import {
  connectorsSchema,
  marketingStatsSchema,
  postResponseSchema,
  recentPostSchema,
  scheduledPostSchema,
} from '@/contract/contentMarketing'
import { activityResponseSchema } from '@/contract/dashboard'
import * as marketing from './contentMarketing'
import { renderDescription } from '../../server/catalog/description'
import { operationDetailSchema, operationListResponseSchema } from '@/contract/operations'
import { githubOperations, operationDetails } from './operations'
import { compareResponseSchema, similarApiSchema } from '@/contract/compare'
import { fullComparison, partialComparison, stripeSimilar, unknownComparison } from './compare'
import { monitoringOverviewSchema, monitoringResponseSchema } from '@/contract/monitoring'
import * as monitoring from './monitoring'

/** Fixtures follow the server's contract, so stories cannot show what the server never sends. */
describe('fixtures match the /api contract', () => {
  it('comparisons and similar APIs', () => {
    for (const comparison of [fullComparison, partialComparison, unknownComparison]) {
      expect(compareResponseSchema.parse(comparison)).toEqual(comparison)
      for (const row of comparison.rows) expect(row.values).toHaveLength(comparison.apis.length)
    }
    for (const api of stripeSimilar) expect(similarApiSchema.parse(api)).toEqual(api)
  })

  it('monitoring: every state of a page and the overview', () => {
    const pages = [
      monitoring.uncheckedMonitoring,
      monitoring.noNetworkMonitoring,
      monitoring.upMonitoring,
      monitoring.downMonitoring,
      monitoring.driftedMonitoring,
      monitoring.recoveredMonitoring,
      monitoring.changedMonitoring,
    ]
    for (const page of pages) expect(monitoringResponseSchema.parse(page)).toEqual(page)
    for (const overview of [
      monitoring.overview,
      monitoring.emptyOverview,
      monitoring.noNetworkOverview,
    ]) {
      expect(monitoringOverviewSchema.parse(overview)).toEqual(overview)
    }
  })

  it('operations: the list and each detail', () => {
    const page = {
      ...githubOperations,
      total: githubOperations.operations.length,
      page: 1,
      limit: 300,
    }
    expect(operationListResponseSchema.parse({ success: true, data: page }).data).toEqual(page)
    for (const operation of operationDetails) {
      expect(operationDetailSchema.parse(operation)).toEqual(operation)
      expect(githubOperations.operations.map((op) => op.operationKey)).toEqual(
        operation.apiId === githubOperations.apiId
          ? expect.arrayContaining([operation.operationKey])
          : expect.anything(),
      )
    }
  })

  it.each([
    ['embedded', embeddedConfig],
    ['external directory', externalDirectoryConfig],
  ])('config: %s', (_name, config) => {
    expect(publicConfigSchema.parse(config)).toEqual(config)
  })

  it.each([
    ['ok', tester.okTestResponse],
    ['error response', tester.errorTestResponse],
    ['network error', tester.networkErrorTestResponse],
    ['large response', tester.largeTestResponse],
    ['cookies set', tester.cookiesSetTestResponse],
  ])('tester: %s', (_name, data) => {
    expect(testResponseDataSchema.parse(data)).toEqual(data)
  })

  it('tester: blocked and prefill API', () => {
    expect(apiErrorSchema.parse(tester.blockedTestError)).toEqual(tester.blockedTestError)
    expect(apiErrorSchema.parse(tester.portBlockedTestError)).toEqual(tester.portBlockedTestError)
    expect(apiDetailSchema.parse(tester.testerApiDetail)).toEqual(tester.testerApiDetail)
  })

  it.each(apiDetails.map((api) => [api.id, api] as const))('api detail: %s', (_id, api) => {
    expect(apiDetailSchema.parse(api)).toEqual(api)
    // As the server renders the description, so a story shows what the page would.
    expect(api.descriptionHtml).toBe(renderDescription(api.description))
  })

  it('api summaries, one per directory entry, without the detail fields', () => {
    expect(apiSummaries).toHaveLength(apiDetails.filter((api) => api.entry === api.id).length)
    for (const api of apiDetails) {
      expect(api.versions[0]!.id, api.id).toBe(api.entry)
      expect(api.versions.map((version) => version.id)).toContain(api.id)
    }
    for (const summary of apiSummaries)
      expect(apiSummarySchema.strict().parse(summary)).toEqual(summary)
    expect(stripeApi.category).toBe('payments')
  })

  it('categories: the 18 slugs, each valid', () => {
    expect(categories.map((category) => category.slug)).toEqual([...CATEGORY_SLUGS])
    for (const category of categories) expect(categorySchema.parse(category)).toEqual(category)
  })
})

describe('dashboard fixtures match the /api contract', () => {
  it('content marketing: figures, posts and post answers', () => {
    expect(marketingStatsSchema.parse(marketing.marketingStats)).toEqual(marketing.marketingStats)
    for (const post of [...marketing.recentPosts, ...marketing.outboxRecentPosts]) {
      expect(recentPostSchema.parse(post)).toEqual(post)
    }
    for (const post of marketing.scheduledPosts) {
      expect(scheduledPostSchema.parse(post)).toEqual(post)
    }
    for (const answer of [marketing.outboxPostResponse, marketing.failedPostResponse]) {
      expect(postResponseSchema.parse(answer)).toEqual(answer)
    }
    expect(connectorsSchema.parse(marketing.outboxNetworks)).toEqual(marketing.outboxNetworks)
  })

  it('recent activity', () => {
    expect(activityResponseSchema.parse({ success: true, data: marketing.activity }).data).toEqual(
      marketing.activity,
    )
  })
})
