/** `host:port` of this site, which the tester and health checker never call (they would loop). */
export const selfHostsOf = (publicSiteUrl: string, port: number) => {
  const hosts = [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]
  try {
    const site = new URL(publicSiteUrl)
    hosts.push(`${site.hostname}:${site.port || (site.protocol === 'https:' ? 443 : 80)}`)
  } catch {
    // loadConfig checked it
  }
  return hosts
}
