// A local upstream for the tester's tests and benchmark: loopback only, every kind of answer.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import net from 'node:net'
import zlib from 'node:zlib'
import { buildSchema, graphql } from 'graphql'

export type Upstream = {
  port: number
  origin: string
  /** Requests the upstream received, newest last. */
  seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[]
  close: () => Promise<void>
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let bomb: Buffer | undefined
/** 64 MiB of zeros, gzipped to about 64 KB. */
export const gzipBomb = () => (bomb ??= zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }))

/** A GraphQL endpoint's schema and data, executed by graphql-js, introspection included. */
const librarySchema = buildSchema(`
  type Book {
    isbn: ID!
    title: String!
    author: String!
    year: Int
  }
  type Query {
    "Every book on the shelf."
    books: [Book!]!
    "One book by its ISBN."
    book(isbn: ID!): Book
  }
`)
const BOOKS = [
  { isbn: '9780262033848', title: 'Introduction to Algorithms', author: 'Cormen', year: 2009 },
  { isbn: '9780131103627', title: 'The C Programming Language', author: 'Kernighan', year: 1988 },
]
const libraryRoot = {
  books: () => BOOKS,
  book: ({ isbn }: { isbn: string }) => BOOKS.find((book) => book.isbn === isbn) ?? null,
}

const answerGraphql = async (body: string) => {
  let request: { query?: unknown; variables?: unknown; operationName?: unknown }
  try {
    request = JSON.parse(body) as typeof request
  } catch {
    return { errors: [{ message: 'The body is not JSON' }] }
  }
  if (typeof request.query !== 'string') return { errors: [{ message: 'No query' }] }
  return graphql({
    schema: librarySchema,
    source: request.query,
    rootValue: libraryRoot,
    variableValues: request.variables as Record<string, unknown> | undefined,
    operationName: typeof request.operationName === 'string' ? request.operationName : undefined,
  })
}

export const startUpstream = async (port = 0): Promise<Upstream> => {
  const seen: Upstream['seen'] = []
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request)
    const url = new URL(request.url ?? '/', 'http://upstream')
    seen.push({
      method: request.method ?? '',
      url: url.pathname + url.search,
      headers: request.headers,
      body,
    })
    const path = url.pathname
    const redirect = /^\/redirect\/(\d+)$/.exec(path)
    if (redirect) {
      const left = Number(redirect[1])
      response.writeHead(302, { location: left > 0 ? `/redirect/${left - 1}` : '/echo' })
      response.end()
      return
    }
    switch (path) {
      case '/echo':
        response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' })
        response.end(
          JSON.stringify({
            method: request.method,
            url: request.url,
            headers: request.headers,
            body,
          }),
        )
        return
      case '/graphql':
        response.writeHead(200, { 'content-type': 'application/graphql-response+json' })
        response.end(JSON.stringify(await answerGraphql(body)))
        return
      case '/fast':
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end('{"ok":true}')
        return
      case '/deep-json':
        // Deeper than any serializer walks: an upstream a stranger runs can answer this.
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)
        return
      case '/text':
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
        response.end('plain words')
        return
      case '/binary':
        response.writeHead(200, { 'content-type': 'image/png' })
        response.end(PNG_BYTES)
        return
      case '/cookies':
        response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/'])
        response.writeHead(204)
        response.end()
        return
      case '/echo-cookies':
        // What the cookie jar sent, and nothing else.
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ cookie: request.headers.cookie ?? null }))
        return
      case '/sign-in':
        // A cookie set on a redirect, which the next hop must carry.
        response.setHeader('set-cookie', 'session=s3cr3t; Path=/; HttpOnly')
        response.writeHead(302, { location: '/echo-cookies' })
        response.end()
        return
      case '/sign-out':
        response.setHeader('set-cookie', 'session=; Path=/; Max-Age=0')
        response.writeHead(204)
        response.end()
        return
      case '/items':
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({
            items: [
              { id: 1, name: 'alpha', price: 5 },
              { id: 2, name: 'beta', price: 15 },
              { id: 3, name: 'gamma', price: 25 },
            ],
          }),
        )
        return
      case '/orders':
        // A large JSON answer (about 1.5 MB), under the tester's cap.
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({
            count: 20_000,
            orders: Array.from({ length: 20_000 }, (_, i) => ({
              id: i + 1,
              sku: `SKU-${String(i + 1).padStart(5, '0')}`,
              status: i % 7 === 0 ? 'refunded' : 'paid',
              total: Math.round((10 + (i % 97) * 1.37) * 100) / 100,
              note: 'x'.repeat(20),
            })),
          }),
        )
        return
      case '/page': {
        // An HTML answer whose script, and image, would each call back here if they ran or
        // loaded: the tester's preview must do neither.
        const beacon = `http://${request.headers.host ?? ''}/beacon`
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(
          `<!doctype html><html><head><title>Upstream page</title></head><body>` +
            `<h1>Hello from upstream</h1><p>A paragraph of the answer.</p>` +
            `<img src="${beacon}?from=img" alt="">` +
            `<script>document.body.setAttribute('data-script-ran', 'yes');` +
            `new Image().src = '${beacon}?from=script'</script></body></html>`,
        )
        return
      }
      case '/not-found':
        response.writeHead(404, { 'content-type': 'application/json' })
        response.end('{"error":"no such thing"}')
        return
      case '/gzip-json':
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        response.end(zlib.gzipSync(JSON.stringify({ compressed: true })))
        return
      case '/gzip-nul-text':
        // A megabyte of NUL bytes sent as text: each would be six bytes escaped in JSON.
        response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
        response.end(zlib.gzipSync(Buffer.alloc(1024 * 1024)))
        return
      case '/br-text':
        response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'br' })
        response.end(zlib.brotliCompressSync('brotli words'))
        return
      case '/bomb':
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-encoding': 'gzip',
        })
        response.end(gzipBomb())
        return
      case '/big':
        response.writeHead(200, { 'content-type': 'text/plain' })
        response.end('x'.repeat(3 * 1024 * 1024))
        return
      case '/redirect-to':
        response.writeHead(Number(url.searchParams.get('status') ?? 302), {
          location: url.searchParams.get('target') ?? '/echo',
        })
        response.end()
        return
      case '/slow-headers':
        // Never answers; the tester's header time-out must end it.
        return
      case '/slow-body':
        response.writeHead(200, { 'content-type': 'text/plain' })
        response.write('partial')
        return
      default:
        response.writeHead(404)
        response.end()
    }
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.address() as net.AddressInfo).port
  return {
    port: bound,
    origin: `http://127.0.0.1:${bound}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A loopback listener that only counts the connections it gets (it must get none). */
export const startCountingListener = async () => {
  let connections = 0
  const server = net.createServer((socket) => {
    connections += 1
    socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
