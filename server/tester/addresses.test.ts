import { describe, expect, it } from 'vitest'
import { forbiddenClass } from './addresses'

describe('forbiddenClass', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.215.14'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
  ])('lets public unicast %s through', (address) => {
    expect(forbiddenClass(address)).toBeUndefined()
  })

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // ipaddr.js calls the IPv4-compatible form unicast; the 2000::/3 rule refuses it.
    ['::7f00:1', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
    ['not an address', 'invalid'],
  ])('refuses %s as %s', (address, cls) => {
    expect(forbiddenClass(address)).toBe(cls)
  })
})
