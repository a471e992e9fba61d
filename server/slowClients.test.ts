// A client that sends its headers or body a byte at a time cannot hold a
// connection open. Node cuts the request once its limit passes (408, server/errors.ts), while an
// answer that takes long to prepare, once the request is in (the API tester's upstream wait), is
// not cut. A real listening server with short limits; each test waits for the state (an answer
// or a closed socket), and its own time limit only turns a hang into a failure.
import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './app'
import { DEFAULT_TESTER_CLIENT_OPTIONS } from './tester/client'
import { buildTestApp } from './testing/testApp'
import { openTestDb, type TestDb } from './testing/testDb'

const TIMEOUTS: Partial<ServerTimeouts> = { headersMs: 400, requestMs: 800, checkEveryMs: 50 }
/** Far beyond the limits above, far below the 60 s and 30 s checks Node would otherwise use. */
const HANG_MS = 15_000
const TRICKLE_MS = 50

let db: TestDb
let app: FastifyInstance
let port: number
const sockets = new Set<net.Socket>()

beforeAll(async () => {
  db = await openTestDb()
  app = buildTestApp({ db, options: { catalog: { load: false }, timeouts: TIMEOUTS } })
  app.register(async (scoped) => {
    // Answers after twice the whole request's limit: only receiving a request is limited.
    scoped.post('/test/slow-answer', async () => {
      await new Promise((resolve) => setTimeout(resolve, 2 * TIMEOUTS.requestMs!))
      return { done: true }
    })
  })
  port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port)
}, 120_000)
afterEach(() => {
  for (const socket of sockets) socket.destroy()
  sockets.clear()
})
afterAll(async () => {
  await app?.close()
  await db?.dispose()
})

/**
 * Sends `head` at once, then `trickle` one byte every TRICKLE_MS (starting over when it runs
 * out); resolves with what the server sent once it closes the connection.
 */
const trickleUntilClosed = (head: string, trickle: string) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    sockets.add(socket)
    let received = ''
    let next = 0
    const timer = setInterval(() => {
      if (socket.writable) socket.write(trickle[next++ % trickle.length]!)
    }, TRICKLE_MS)
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearInterval(timer)
      resolve(received)
    })
    socket.write(head)
  })

describe('slow clients', () => {
  it(
    'a body sent a byte at a time is cut with 408',
    async () => {
      const answer = await trickleUntilClosed(
        [
          'POST /api/analytics/events HTTP/1.1',
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          'Content-Length: 100000',
          '',
          '{"events":[',
        ].join('\r\n'),
        ' ',
      )
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(answer).toContain('"error":"The request was not received in time"')
    },
    HANG_MS,
  )

  it(
    'headers sent a byte at a time are cut with 408',
    async () => {
      const answer = await trickleUntilClosed(
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
        'abcdefgh',
      )
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
      // Node reports both limits as one request timeout.
      expect(answer).toContain('"error":"The request was not received in time"')
    },
    HANG_MS,
  )

  it(
    'an answer that takes longer than the request limit, once the request is in, is sent',
    async () => {
      const response = await fetch(`http://127.0.0.1:${port}/test/slow-answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ done: true })
    },
    HANG_MS,
  )

  it('the defaults leave room for the API tester’s wait for its upstream', () => {
    const upstream = DEFAULT_TESTER_CLIENT_OPTIONS.totalTimeoutMs
    // The request limit counts receiving only, but a tester call still fits inside it whole, and
    // the idle limit (no bytes either way while the tester waits) must not cut it.
    expect(DEFAULT_TIMEOUTS.requestMs).toBeGreaterThan(upstream)
    expect(DEFAULT_TIMEOUTS.idleMs).toBeGreaterThan(upstream)
    expect(DEFAULT_TIMEOUTS.headersMs).toBeLessThanOrEqual(DEFAULT_TIMEOUTS.requestMs)
  })
})
