import type { FastifyInstance, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { inProcessHeaders } from '../inProcess'
import { firstAnswersJson, firstAnswersCollector } from './firstAnswers'

/** A server whose routes answer from `answers` (status 200) and count what they were asked. */
const fakeServer = (answers: Record<string, { status: number; body: string }>) => {
  const asked: string[] = []
  const app = {
    inject: async ({ url }: { url: string }) => {
      asked.push(url)
      const answer = answers[url] ?? { status: 404, body: '{"success":false}' }
      return { statusCode: answer.status, body: answer.body }
    },
  } as unknown as FastifyInstance
  return { app, asked }
}

const request = { headers: { host: 'atlas.test' } } as unknown as FastifyRequest
const none = new URLSearchParams()

const blockOf = (block: string) =>
  JSON.parse(block) as { queries: { endpoint: string }[]; answers: Record<string, unknown> }

describe('firstAnswersCollector', () => {
  it('asks the routes once per half minute for a page, and asks again after', async () => {
    let clock = 0
    const { app, asked } = fakeServer({
      '/api/config': { status: 200, body: '{"siteUrl":"https://atlas.test"}' },
      '/api/categories': { status: 200, body: '{"success":true,"data":{"categories":[]}}' },
      '/api/apis/stripe-com': {
        status: 200,
        body: '{"success":true,"data":{"api":{"endpoints":[{"method":"GET","path":"/v1/a<b","summary":"A"}]}}}',
      },
    })
    const collect = firstAnswersCollector(app, undefined, () => clock)

    const first = await collect(request, '/apis/stripe-com', none)
    expect(blockOf(first.block).queries.map((query) => query.endpoint)).toEqual([
      'getConfig',
      'getApi',
      'listCategories',
    ])
    // `<` cannot close the data block; the text is the same once parsed.
    expect(first.block).not.toContain('<')
    expect(first.items).toEqual([{ title: 'GET /v1/a<b', summary: 'A' }])
    expect(asked).toHaveLength(3)
    expect(await collect(request, '/apis/stripe-com', none)).toBe(first)
    expect(asked).toHaveLength(3)

    clock += 30_001
    await collect(request, '/apis/stripe-com', none)
    expect(asked).toHaveLength(6)
  })

  it('leaves out an answer that is not a 200, and asks for the page again next time', async () => {
    const { app, asked } = fakeServer({
      '/api/config': { status: 200, body: '{}' },
      '/api/categories': { status: 503, body: '{"success":false}' },
    })
    const collect = firstAnswersCollector(app, undefined, () => 0)
    const first = await collect(request, '/apis/missing', none)
    expect(Object.keys(blockOf(first.block).answers)).toEqual(['config'])
    expect(blockOf(first.block).queries.map((query) => query.endpoint)).toEqual(['getConfig'])
    await collect(request, '/apis/missing', none)
    expect(asked.filter((url) => url === '/api/categories')).toHaveLength(2)
  })

  it('keeps one page for every Host: no answer depends on the visitor’s headers', async () => {
    const injected: unknown[] = []
    const app = {
      inject: async (options: unknown) => {
        injected.push(options)
        return { statusCode: 200, body: '{}' }
      },
    } as unknown as FastifyInstance
    const collect = firstAnswersCollector(app, undefined, () => 0)
    const first = await collect(request, '/blog', none)
    const forged = {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    } as unknown as FastifyRequest
    expect(await collect(forged, '/blog', none)).toBe(first)
    expect(injected).toEqual([{ method: 'GET', url: '/api/config', headers: inProcessHeaders() }])
  })

  it('draws a page only with all its answers, with them parsed, and keeps the drawing', async () => {
    const inputs: unknown[] = []
    const render = async (input: unknown) => {
      inputs.push(input)
      return { url: '/blog?ref=feed', body: '<main>Blog</main>', head: '', scripts: [], styles: [] }
    }
    const { app } = fakeServer({ '/api/config': { status: 200, body: '{"siteUrl":"x"}' } })
    const collect = firstAnswersCollector(app, render, () => 0)
    const page = await collect(request, '/blog', new URLSearchParams('ref=feed'))
    expect(page.rendered).toEqual({
      url: '/blog?ref=feed',
      body: '<main>Blog</main>',
      head: '',
      scripts: [],
      styles: [],
    })
    expect(inputs).toEqual([
      {
        url: '/blog?ref=feed',
        queries: [{ endpoint: 'getConfig' }],
        answers: { config: { siteUrl: 'x' } },
      },
    ])
    await collect(request, '/blog', new URLSearchParams('ref=feed'))
    expect(inputs).toHaveLength(1)

    const down = firstAnswersCollector(fakeServer({}).app, render, () => 0)
    expect((await down(request, '/blog', none)).rendered).toBeUndefined()
    expect(inputs).toHaveLength(1)
  })

  it('sheds drawings past its bound at once, and serves a kept page all the same', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const render = async ({ url }: { url: string }) => {
      await held
      return { url, body: '<main></main>', head: '', scripts: [], styles: [] }
    }
    const { app } = fakeServer({ '/api/config': { status: 200, body: '{}' } })
    const limits = { concurrency: 1, maxQueued: 0, maxWaitMs: 60_000 }
    const collect = firstAnswersCollector(app, render, () => 0, limits)
    const drawing = collect(request, '/blog', none)
    await expect(collect(request, '/apis/tools', none)).rejects.toMatchObject({
      name: 'Overloaded',
      resource: 'page drawing',
    })
    release()
    await drawing
    // Kept: asked again while another drawing holds the only turn, it is answered.
    const again = firstAnswersCollector(app, render, () => 0, limits)
    await again(request, '/blog', none)
    const busy = again(request, '/tools/tester', none)
    await expect(again(request, '/blog', none)).resolves.toMatchObject({
      rendered: { url: '/blog' },
    })
    await busy
  })

  it('draws a page again only when its answers changed, and serves it as drawn to a crowd', async () => {
    let clock = 0
    let drawn = 0
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const render = async ({ url }: { url: string }) => {
      if (url === '/tools/tester') await held
      drawn += 1
      return { url, body: `<main>${drawn}</main>`, head: '', scripts: [], styles: [] }
    }
    const answers = { '/api/config': { status: 200, body: '{"siteUrl":"a"}' } }
    const { app, asked } = fakeServer(answers)
    const limits = { concurrency: 1, maxQueued: 0, maxWaitMs: 60_000 }
    const collect = firstAnswersCollector(app, render, () => clock, limits)
    const first = await collect(request, '/blog', none)
    expect(first.rendered?.body).toBe('<main>1</main>')

    // Half a minute on, the routes are asked again; the same answers keep the same drawing.
    clock += 30_001
    expect(await collect(request, '/blog', none)).toBe(first)
    expect(asked).toHaveLength(2)
    expect(drawn).toBe(1)

    // Changed answers draw it again.
    clock += 30_001
    answers['/api/config'].body = '{"siteUrl":"b"}'
    const changed = await collect(request, '/blog', none)
    expect(changed.rendered?.body).toBe('<main>2</main>')

    // While another drawing holds the only turn: the page as last drawn rather than a busy
    // answer; a page never drawn is shed.
    clock += 30_001
    const busy = collect(request, '/tools/tester', none)
    await expect(collect(request, '/blog', none)).resolves.toBe(changed)
    await expect(collect(request, '/apis/tools', none)).rejects.toMatchObject({
      name: 'Overloaded',
    })
    release()
    await busy
  })

  it('writes no block when nothing was answered', async () => {
    const { app } = fakeServer({})
    expect(await firstAnswersCollector(app)(request, '/blog', none)).toEqual({
      block: '',
      items: [],
    })
  })
})

describe('firstAnswersJson', () => {
  it('writes the answers as the routes wrote them, in one parseable text', () => {
    const json = firstAnswersJson({
      queries: [{ endpoint: 'getConfig', args: undefined }],
      answers: { config: '{"siteUrl":"https://atlas.test","n":[1,2]}' },
    })
    expect(JSON.parse(json)).toEqual({
      queries: [{ endpoint: 'getConfig' }],
      answers: { config: { siteUrl: 'https://atlas.test', n: [1, 2] } },
    })
  })
})
