// The network a tester test sees: names resolve from a table, never through a real DNS server, and
// only loopback is dialled. If the address guard ever failed, no packet would leave this machine,
// and `dials` shows what was tried.
import { buildConnector } from 'undici'
import type { ResolvedAddress } from '../tester/guard'

/** Resolves from the table (a trailing dot ignored); any other name is ENOTFOUND, as DNS says. */
export const fakeDns =
  (table: Record<string, string[]>) =>
  async (hostname: string): Promise<ResolvedAddress[]> => {
    const answers = table[hostname.replace(/\.$/, '')]
    if (!answers) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    }
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

/** A connector that records every dial (`host:port`) and refuses all but 127.0.0.1. */
export function loopbackOnlyDial(): { dial: buildConnector.connector; dials: string[] } {
  const dials: string[] = []
  const realDial = buildConnector({ timeout: 2000 })
  const dial: buildConnector.connector = (opts, callback) => {
    dials.push(`${opts.hostname}:${opts.port}`)
    if (opts.hostname !== '127.0.0.1') {
      callback(new Error(`test safety net: refused to dial ${opts.hostname}`), null)
      return
    }
    return realDial(opts, callback)
  }
  return { dial, dials }
}
