// Which IP addresses the tester may dial: public unicast only (docs/security.md).
import ipaddr from 'ipaddr.js'

export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'invalid'

// Cloud instance metadata services; named so a refusal says what it protected.
const METADATA = new Set(['169.254.169.254', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254'])

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3')

const classOfRange = (range: string): AddressClass => {
  switch (range) {
    case 'loopback':
      return 'loopback'
    case 'private':
    case 'uniqueLocal':
      return 'private'
    case 'linkLocal':
      return 'link-local'
    case 'carrierGradeNat':
      return 'carrier-grade NAT'
    case 'multicast':
    case 'broadcast':
      return 'multicast'
    case 'unspecified':
      return 'unspecified'
    default:
      return 'reserved'
  }
}

/**
 * Undefined when the address is public unicast, otherwise the class that forbids it. IPv4-mapped
 * IPv6 is judged as the IPv4 it carries; IPv6 outside 2000::/3 (IPv4-compatible `::a.b.c.d`,
 * which ipaddr.js calls unicast) is refused too, as are NAT64, 6to4 and Teredo.
 */
export const forbiddenClass = (address: string): AddressClass | undefined => {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.process(address.replace(/^\[|\]$/g, ''))
  } catch {
    return 'invalid'
  }
  const normal = parsed.toString()
  if (METADATA.has(normal)) return 'metadata'
  const range = parsed.range()
  if (range !== 'unicast') return classOfRange(range)
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) {
    return 'reserved'
  }
  return undefined
}

export const isForbidden = (address: string) => forbiddenClass(address) !== undefined
