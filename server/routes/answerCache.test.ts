import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createAnswerCache } from './answerCache'

const schema = z.object({ n: z.number() }).strict()

/** An app with one route answering `n` built by `build`, through a cache of `bytes` bytes. */
const appWith = (
  bytes: number,
  build: (key: string) => Promise<{ data: unknown; keep: boolean }>,
) => {
  const app = Fastify()
  const answers = createAnswerCache(bytes)
  app.get<{ Querystring: { key: string } }>('/', (request, reply) =>
    answers.send(
      reply,
      request.query.key,
      schema,
      () => build(request.query.key) as Promise<{ data: { n: number }; keep: boolean }>,
    ),
  )
  return { app, answers }
}

describe('the answer cache', () => {
  it('builds an answer once, then sends the same bytes as JSON', async () => {
    let builds = 0
    const { app } = appWith(1000, async () => ({ data: { n: ++builds }, keep: true }))
    const first = await app.inject('/?key=a')
    const second = await app.inject('/?key=a')
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(second.body).toBe('{"n":1}')
    expect(second.body).toBe(first.body)
    expect(builds).toBe(1)
  })

  it('shares one build between requests that ask at once', async () => {
    let builds = 0
    let finish = () => {}
    const gate = new Promise<void>((resolve) => (finish = resolve))
    const { app } = appWith(1000, async () => {
      builds++
      await gate
      return { data: { n: 7 }, keep: true }
    })
    const answers = Promise.all([app.inject('/?key=a'), app.inject('/?key=a')])
    await expect.poll(() => builds).toBe(1)
    finish()
    expect((await answers).map((answer) => answer.body)).toEqual(['{"n":7}', '{"n":7}'])
    expect(builds).toBe(1)
  })

  it('builds again what it was told not to keep', async () => {
    let builds = 0
    const { app, answers } = appWith(1000, async () => ({ data: { n: ++builds }, keep: false }))
    await app.inject('/?key=a')
    expect((await app.inject('/?key=a')).body).toBe('{"n":2}')
    expect(answers.size()).toEqual({ answers: 0, bytes: 0 })
  })

  it('lets the least recently used answers go past its size', async () => {
    const built: string[] = []
    // Each answer is {"n":1}: 7 bytes, so 21 hold three.
    const { app, answers } = appWith(21, async (key) => {
      built.push(key)
      return { data: { n: 1 }, keep: true }
    })
    for (const key of ['a', 'b', 'c', 'a', 'd', 'a', 'c']) await app.inject(`/?key=${key}`)
    // d pushed out b (a had just been used); c was kept.
    expect(built).toEqual(['a', 'b', 'c', 'd'])
    expect(answers.size()).toEqual({ answers: 3, bytes: 21 })
    await app.inject('/?key=b')
    expect(built).toEqual(['a', 'b', 'c', 'd', 'b'])
  })

  it('checks what it sends against the schema, and keeps no failed build', async () => {
    let fail = true
    const { app, answers } = appWith(1000, async () => {
      if (fail) return { data: { n: 'not a number' }, keep: true }
      return { data: { n: 3 }, keep: true }
    })
    expect((await app.inject('/?key=a')).statusCode).toBe(500)
    expect(answers.size().answers).toBe(0)
    fail = false
    expect((await app.inject('/?key=a')).body).toBe('{"n":3}')
  })
})
