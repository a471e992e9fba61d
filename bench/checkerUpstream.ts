// Child of bench/checker.bench.ts: the loopback upstream every API's address points at during the
// checker's cost measurement, in a process of its own so the checker's CPU is measured alone. Each
// address is /h/<the API's real host>/<id>, so requests are counted per real host. Prints
// `{"port": n}` once it listens; answers IPC `stats` with what it saw.
import { createServer } from 'node:http'

type Seen = { at: number; host: string; method: string }
const seen: Seen[] = []
let inFlight = 0
let maxInFlight = 0
const inFlightByHost = new Map<string, number>()
let maxInFlightOneHost = 0

const server = createServer((request, response) => {
  const host = /^\/h\/([^/]+)/.exec(request.url ?? '')?.[1] ?? '(other)'
  seen.push({ at: Date.now(), host, method: request.method ?? '' })
  inFlight += 1
  maxInFlight = Math.max(maxInFlight, inFlight)
  const hostCount = (inFlightByHost.get(host) ?? 0) + 1
  inFlightByHost.set(host, hostCount)
  maxInFlightOneHost = Math.max(maxInFlightOneHost, hostCount)
  // An API's usual answer time, so checks overlap as they do against real hosts.
  setTimeout(() => {
    inFlight -= 1
    inFlightByHost.set(host, (inFlightByHost.get(host) ?? 1) - 1)
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, OPTIONS',
      })
      response.end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{"ok":true}')
  }, 20)
})

server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }))
})

process.on('message', (message) => {
  if (message === 'stats') {
    process.send?.({ seen, maxInFlight, maxInFlightOneHost })
    seen.length = 0
    maxInFlight = 0
    maxInFlightOneHost = 0
  }
  if (message === 'stop') server.close(() => process.exit(0))
})
