// The tester's address guard: which hosts and ports a request may reach, checked on the address
// each socket actually dials, at every redirect hop (docs/security.md).
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import type { buildConnector } from 'undici'
import type { BlockedCode } from '../../src/contract/errorCodes'
import { PRIVATE_ADDRESS_MESSAGE, portRefusalMessage } from '../../src/contract/tester'
import { forbiddenClass, type AddressClass } from './addresses'
import { undici } from './undici'

export type ResolvedAddress = { address: string; family: number }
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

/** What the guard needs of the tester client's options (client.ts). */
export type GuardOptions = {
  /** Ports the tester reaches on any host (80, 443, 8080, 8443 and TESTER_ALLOWED_PORTS). */
  allowedPorts: number[]
  connectTimeoutMs: number
  /** Name resolution (tests answer with chosen addresses); every answer is checked. */
  resolve: Resolver
  /** Opens the socket to an already checked address; tests wrap it to count dials. */
  dial?: buildConnector.connector
}

/** The tester refused to reach the destination; answered as 400 with this message and `reason`. */
export class TesterRefusal extends Error {
  readonly code = 'ESSRF'
  constructor(
    message: string,
    /** The error contract's code for the refusal, so a client need not read the message. */
    readonly reason: BlockedCode,
  ) {
    super(message)
    this.name = 'TesterRefusal'
  }
}

const describeClass = (cls: AddressClass) =>
  cls === 'metadata' ? 'cloud metadata' : cls === 'invalid' ? 'unrecognised' : cls

/** This site's own address, refused so the tester cannot loop through its server. */
export const SELF_REFUSAL_MESSAGE = 'Requests to this site itself are not allowed'

export const privateRefusal = (cls: AddressClass) =>
  new TesterRefusal(`${PRIVATE_ADDRESS_MESSAGE} (${describeClass(cls)} address)`, 'blocked_address')

export const portRefusal = (port: number, allowedPorts: number[]) =>
  new TesterRefusal(portRefusalMessage(port, allowedPorts), 'blocked_port')

const stripBrackets = (host: string) => host.replace(/^\[|\]$/g, '')
const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80)

export type HostRule = { hostname: string; port?: number }

/** `host[:port]` entries in the WHATWG parser's normal form, so `0x7f.1` matches `127.0.0.1`. */
export const parseHostRules = (entries: string[]): HostRule[] =>
  entries.flatMap((entry) => {
    try {
      const url = new URL(`http://${entry}`)
      const explicitPort = /:\d+$/.test(entry)
      return [
        {
          hostname: stripBrackets(url.hostname),
          port: explicitPort ? Number(url.port || 80) : undefined,
        },
      ]
    } catch {
      return []
    }
  })

const matchesRule = (rules: HostRule[], hostname: string, port: number) =>
  rules.some(
    (rule) => rule.hostname === hostname && (rule.port === undefined || rule.port === port),
  )

/** Only an entry that names the port opens it: a bare host stays on the allowed ports. */
const namesPort = (rules: HostRule[], hostname: string, port: number) =>
  rules.some((rule) => rule.hostname === hostname && rule.port === port)

/** The port a connection goes to; an explicit 0 stays 0 (and is refused), never the default. */
const portOf = (port: string | number | undefined | null, protocol: string) =>
  port === undefined || port === null || port === '' ? defaultPort(protocol) : Number(port)

export type Timing = { dns: number; connect: number; tls: number }

/** One guarded connector per test request, so the timing it records belongs to that request. */
export const guardedConnector = (
  options: GuardOptions,
  allowed: HostRule[],
  self: HostRule[],
  timing: Timing,
): buildConnector.connector => {
  const dial = options.dial ?? undici().buildConnector({ timeout: options.connectTimeoutMs })
  return (opts, callback) => {
    const hostname = stripBrackets(opts.hostname).toLowerCase()
    const port = portOf(opts.port, opts.protocol)
    const fail = (error: Error) => callback(error, null)
    if (matchesRule(self, hostname, port)) {
      fail(new TesterRefusal(SELF_REFUSAL_MESSAGE, 'blocked_self'))
      return
    }
    const exempt = matchesRule(allowed, hostname, port)
    // A port outside the list is never dialled. The address is still judged first, so a private
    // destination on an odd port is refused as private, the graver reason.
    const portRefused =
      options.allowedPorts.includes(port) || namesPort(allowed, hostname, port)
        ? undefined
        : portRefusal(port, options.allowedPorts)
    const started = performance.now()
    const literal = net.isIP(hostname)
    const lookup: Promise<ResolvedAddress[]> = literal
      ? Promise.resolve([{ address: hostname, family: literal }])
      : withTimeout(options.resolve(hostname), options.connectTimeoutMs, hostname)
    lookup.then(
      (addresses) => {
        const resolved = performance.now()
        timing.dns = literal ? 0 : resolved - started
        if (addresses.length === 0) {
          fail(
            portRefused ??
              Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
          )
          return
        }
        // Every answer, not just the first: the connector could fall through to another.
        if (!exempt) {
          for (const { address } of addresses) {
            const cls = forbiddenClass(address)
            if (cls) {
              fail(privateRefusal(cls))
              return
            }
          }
        }
        if (portRefused) {
          fail(portRefused)
          return
        }
        const [target] = addresses as [ResolvedAddress]
        // Dial the checked address itself; TLS still names the host (SNI and certificate).
        let tcpDone = resolved
        const socket = dial({ ...opts, hostname: target.address }, (error, connected) => {
          if (error || !connected) {
            fail(error ?? new Error('Connection failed'))
            return
          }
          const done = performance.now()
          if (opts.protocol === 'https:') {
            timing.connect = tcpDone - resolved
            timing.tls = done - tcpDone
          } else {
            timing.connect = done - resolved
          }
          callback(null, connected)
        }) as unknown as net.Socket | undefined
        socket?.once?.('connect', () => {
          tcpDone = performance.now()
        })
      },
      (error: Error) => fail(portRefused ?? error),
    )
  }
}

const withTimeout = <T>(promise: Promise<T>, ms: number, hostname: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`DNS lookup of ${hostname} timed out`), { code: 'EAI_AGAIN' }),
        ),
      ms,
    )
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
