import { describe, expect, it } from 'vitest'
import type { OperationDetail } from '@/contract/operations'
import { createIssueOperation } from '@mocks/data/operations'
import { draftFromOperation } from './operationDraft'
import {
  describeChanges,
  digestOf,
  pathValuesIn,
  shapeOf,
  sourceOf,
  updatedDraft,
} from './operationSync'

/** The same operation as the catalogue might publish it later: renamed path, a new parameter. */
const changed: OperationDetail = {
  ...createIssueOperation,
  path: '/repos/{owner}/{repo}/issues/new',
  parameters: [
    ...createIssueOperation.parameters,
    {
      name: 'draft',
      in: 'query',
      required: true,
      type: 'boolean',
      example: false,
      description: '',
    },
  ],
}

describe('a saved request kept in step with its catalogue operation', () => {
  it('remembers the operation by a digest that changes with its shape, not its wording', () => {
    const source = sourceOf(createIssueOperation)
    expect(source).toMatchObject({
      apiId: 'github-com-api-github-com',
      operationKey: 'issues/create',
    })
    expect(digestOf(shapeOf({ ...createIssueOperation, summary: 'Other words' }))).toBe(
      source.digest,
    )
    expect(digestOf(shapeOf(changed))).not.toBe(source.digest)
  })

  it('says what changed in words', () => {
    expect(describeChanges(shapeOf(createIssueOperation), shapeOf(changed))).toEqual([
      'Path renamed: /repos/{owner}/{repo}/issues → /repos/{owner}/{repo}/issues/new',
      'Parameter added: draft (query), required',
    ])
    expect(describeChanges(shapeOf(changed), shapeOf(createIssueOperation))).toEqual([
      'Path renamed: /repos/{owner}/{repo}/issues/new → /repos/{owner}/{repo}/issues',
      'Parameter removed: draft (query)',
    ])
  })

  it('reads path values back out of a URL, ignoring placeholders left as they were', () => {
    expect(
      pathValuesIn(
        'https://api.github.com/repos/octo%20cat/hello/issues?x=1',
        '/repos/{owner}/{repo}/issues',
      ),
    ).toEqual({
      owner: 'octo cat',
      repo: 'hello',
    })
    expect(
      pathValuesIn(
        'https://api.github.com/repos/{owner}/hi/issues',
        '/repos/{owner}/{repo}/issues',
      ),
    ).toEqual({
      repo: 'hi',
    })
  })

  it('updates the request to the new shape, keeping the person’s values', () => {
    const mine = {
      ...draftFromOperation(createIssueOperation, { owner: 'octocat', repo: 'hello' }),
      headersText: '{\n  "Authorization": "Bearer {{token}}",\n  "X-Mine": "1"\n}',
      bodyText: '{"title": "Mine"}',
      checks: ['kept'],
    }
    const next = updatedDraft(mine, shapeOf(createIssueOperation), changed)
    expect(next.url).toBe('https://api.github.com/repos/octocat/hello/issues/new?draft=false')
    expect(JSON.parse(next.headersText)).toMatchObject({
      Authorization: 'Bearer {{token}}',
      'X-Mine': '1',
      'Content-Type': 'application/json',
    })
    expect(next.bodyText).toBe('{"title": "Mine"}')
    expect((next as typeof mine).checks).toEqual(['kept'])
  })
})
