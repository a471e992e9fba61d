// The key that per-address limits count a client under. One IPv6 host usually holds a whole /64
// (SLAAC, privacy addresses), so counting its single addresses would hand it 2^64 fresh budgets.
import ipaddr from 'ipaddr.js'

/**
 * IPv4 as is, an IPv4-mapped IPv6 address as its IPv4, any other IPv6 address as its /64
 * (`2001:db8:1:2::/64`). Something that is not an address is returned unchanged.
 */
export const addressKey = (address: string) => {
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`)
  return `${network.toString()}/64`
}
