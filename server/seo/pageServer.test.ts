import type { FastifyInstance, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { inProcessHeaders } from '../inProcess'
import type { SiteFacts } from '../../src/shared/pages/page'
import { pageServer, type PageOutcome, type PageServerOptions } from './pageServer'

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
const site: SiteFacts = {
  articles: () => [],
  apiByName: async () => undefined,
  movedApi: () => undefined,
}

const serverOf = (app: FastifyInstance, options: Partial<PageServerOptions> = {}) =>
  pageServer(app, { siteUrl: 'https://atlas.test', site, ...options })

const pageOf = (outcome: PageOutcome) => {
  if (outcome.kind !== 'page') throw new Error(`Not a page: ${outcome.kind}`)
  return outcome.page
}

const blockOf = (block: string | undefined) =>
  JSON.parse(block!) as { queries: { endpoint: string }[]; answers: Record<string, unknown> }

const STRIPE = {
  id: 'stripe-com',
  entry: 'stripe-com',
  name: 'Stripe',
  provider: 'stripe.com',
  category: 'payments',
  summary: 'Payments',
  description: '',
  docs: '',
  versions: [{ id: 'stripe-com' }],
  endpoints: [{ method: 'GET', path: '/v1/a<b', summary: 'A' }],
}
const PAYMENTS = { slug: 'payments', name: 'Payments', description: 'Pay', icon: 'Paid', count: 1 }

describe('pageServer', () => {
  it('asks the routes once per half minute for a page, and asks again after', async () => {
    let clock = 0
    const { app, asked } = fakeServer({
      '/api/config': { status: 200, body: '{"siteUrl":"https://atlas.test"}' },
      '/api/categories': {
        status: 200,
        body: JSON.stringify({ success: true, data: { categories: [PAYMENTS] } }),
      },
      '/api/apis/stripe-com': {
        status: 200,
        body: JSON.stringify({ success: true, data: { api: STRIPE } }),
      },
    })
    const serve = serverOf(app, { now: () => clock })

    const outcome = await serve(request, '/apis/stripe-com', none)
    const first = pageOf(outcome)
    expect(blockOf(first.firstAnswers).queries.map((query) => query.endpoint)).toEqual([
      'getConfig',
      'getApi',
      'listCategories',
    ])
    // `<` cannot close the data block; the text is the same once parsed.
    expect(first.firstAnswers).not.toContain('<')
    expect(first.items).toEqual([{ title: 'GET /v1/a<b', summary: 'A' }])
    expect(asked).toHaveLength(3)
    expect(await serve(request, '/apis/stripe-com', none)).toBe(outcome)
    expect(asked).toHaveLength(3)

    clock += 30_001
    await serve(request, '/apis/stripe-com', none)
    expect(asked).toHaveLength(6)
  })

  it('leaves out an answer that is not a 200, and asks for the page again next time', async () => {
    const { app, asked } = fakeServer({
      '/api/config': { status: 200, body: '{}' },
      '/api/categories': { status: 503, body: '{"success":false}' },
      '/api/apis?page=1': { status: 200, body: '{"success":true,"data":{"apis":[]}}' },
    })
    const serve = serverOf(app, { now: () => 0 })
    const first = pageOf(await serve(request, '/apis', none))
    expect(Object.keys(blockOf(first.firstAnswers).answers)).toEqual(['config', 'apis?page=1'])
    expect(blockOf(first.firstAnswers).queries.map((query) => query.endpoint)).toEqual([
      'getConfig',
      'listApis',
    ])
    await serve(request, '/apis', none)
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
    const serve = serverOf(app, { now: () => 0 })
    const first = await serve(request, '/blog', none)
    const forged = {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    } as unknown as FastifyRequest
    expect(await serve(forged, '/blog', none)).toBe(first)
    expect(injected).toEqual([{ method: 'GET', url: '/api/config', headers: inProcessHeaders() }])
  })

  it('draws a page only with all its answers, with them parsed, and keeps the drawing', async () => {
    const inputs: unknown[] = []
    const render = async (input: unknown) => {
      inputs.push(input)
      return { url: '/blog?ref=feed', body: '<main>Blog</main>', head: '', scripts: [], styles: [] }
    }
    const { app } = fakeServer({ '/api/config': { status: 200, body: '{"siteUrl":"x"}' } })
    const serve = serverOf(app, { render, now: () => 0 })
    const page = pageOf(await serve(request, '/blog', new URLSearchParams('ref=feed')))
    expect(page.rendered).toEqual({
      url: '/blog?ref=feed',
      body: '<main>Blog</main>',
      head: '',
      scripts: [],
      styles: [],
    })
    // Drawn at its address as the page reads it: `ref` is not one of its parameters.
    expect(inputs).toEqual([
      {
        url: '/blog',
        queries: [{ endpoint: 'getConfig' }],
        answers: { config: { siteUrl: 'x' } },
      },
    ])
    await serve(request, '/blog', new URLSearchParams('ref=feed'))
    expect(inputs).toHaveLength(1)

    const down = serverOf(fakeServer({}).app, { render, now: () => 0 })
    expect(pageOf(await down(request, '/blog', none)).rendered).toBeUndefined()
    expect(inputs).toHaveLength(1)
  })

  it('draws one page at a time, each in a turn of the event loop of its own', async () => {
    // A drawing holds the event loop; what arrives meanwhile (a health probe, a kept page) must be
    // served before the next one starts, not after a crowd's drawings ran back to back.
    const order: string[] = []
    const render = async ({ url }: { url: string }) => {
      order.push(`draw ${url}`)
      setImmediate(() => order.push(`loop turn after ${url}`))
      return { url, body: '<main></main>', head: '', scripts: [], styles: [] }
    }
    const { app } = fakeServer({ '/api/config': { status: 200, body: '{}' } })
    const serve = serverOf(app, { render, now: () => 0 })
    await Promise.all([serve(request, '/blog', none), serve(request, '/apis/tools', none)])
    expect(order.slice(0, 3)).toEqual(['draw /blog', 'loop turn after /blog', 'draw /apis/tools'])
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
    const serve = serverOf(app, { render, now: () => 0, limits })
    const drawing = serve(request, '/blog', none)
    await expect(serve(request, '/apis/tools', none)).rejects.toMatchObject({
      name: 'Overloaded',
      resource: 'page drawing',
    })
    release()
    await drawing
    // Kept: asked again while another drawing holds the only turn, it is answered.
    const again = serverOf(app, { render, now: () => 0, limits })
    await again(request, '/blog', none)
    const busy = again(request, '/tools/tester', none)
    await expect(again(request, '/blog', none)).resolves.toMatchObject({
      page: { rendered: { url: '/blog' } },
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
    const serve = serverOf(app, { render, now: () => clock, limits })
    const first = await serve(request, '/blog', none)
    expect(pageOf(first).rendered?.body).toBe('<main>1</main>')

    // Half a minute on, the routes are asked again; the same answers keep the same drawing.
    clock += 30_001
    expect(await serve(request, '/blog', none)).toBe(first)
    expect(asked).toHaveLength(2)
    expect(drawn).toBe(1)

    // Changed answers draw it again.
    clock += 30_001
    answers['/api/config'].body = '{"siteUrl":"b"}'
    const changed = await serve(request, '/blog', none)
    expect(pageOf(changed).rendered?.body).toBe('<main>2</main>')

    // While another drawing holds the only turn: the page as last drawn rather than a busy
    // answer; a page never drawn is shed.
    clock += 30_001
    const busy = serve(request, '/tools/tester', none)
    await expect(serve(request, '/blog', none)).resolves.toBe(changed)
    await expect(serve(request, '/apis/tools', none)).rejects.toMatchObject({
      name: 'Overloaded',
    })
    release()
    await busy
  })

  it('writes no block when nothing was answered', async () => {
    const { app } = fakeServer({})
    const page = pageOf(await serverOf(app)(request, '/blog', none))
    expect(page.firstAnswers).toBe('')
    expect(page.items).toEqual([])
    expect(page.rendered).toBeUndefined()
  })
})
