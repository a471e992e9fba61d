import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const hosted = {
  SUPABASE_URL: 'https://abc.supabase.co/',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_JWT_SECRET: 'x'.repeat(32),
}

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).problems
  }
  throw new Error('expected loadConfig to throw')
}

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      authMode: 'embedded',
      supabaseUrl: undefined,
      supabaseAnonKey: undefined,
      staffEmail: undefined,
      publicSiteUrl: 'http://localhost:3000',
      directoryUrl: '/apis',
      contactEmail: 'hello@api-atlas.example',
      testerAllowedHosts: [],
      testerAllowedPorts: [80, 443, 8080, 8443],
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
    })
    expect(config.staticDir).toMatch(/[/\\]dist$/)
    expect(existsSync(path.join(config.migrationsDir, '001_app_settings.sql'))).toBe(true)
  })

  it('does not read process.env when given an env', () => {
    process.env.PORT = '4999'
    try {
      expect(loadConfig({}).port).toBe(3000)
    } finally {
      delete process.env.PORT
    }
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/atlas',
      DATABASE_URL: 'postgres://atlas@db:5432/atlas',
      STAFF_EMAIL: 'admin@example.com',
      STAFF_PASSWORD: ' long enough ',
      PUBLIC_SITE_URL: 'https://atlas.example/',
      DIRECTORY_URL: 'https://directory.example/apis',
      CONTACT_EMAIL: 'team@atlas.example',
      TESTER_ALLOWED_HOSTS: ' Intranet.local , localhost:8080,10.0.0.5:9000, [::1]:3000 ,',
      TESTER_ALLOWED_PORTS: ' 9443, 3000,443 ,',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'debug',
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('/var/lib/atlas'),
      databaseUrl: 'postgres://atlas@db:5432/atlas',
      staffEmail: 'admin@example.com',
      staffPassword: ' long enough ',
      publicSiteUrl: 'https://atlas.example',
      directoryUrl: 'https://directory.example/apis',
      contactEmail: 'team@atlas.example',
      testerAllowedHosts: ['intranet.local', 'localhost:8080', '10.0.0.5:9000', '[::1]:3000'],
      testerAllowedPorts: [80, 443, 3000, 8080, 8443, 9443],
      redisUrl: 'redis://cache:6379',
      logLevel: 'debug',
    })
  })

  it('derives the site address from PORT', () => {
    expect(loadConfig({ PORT: '4100' }).publicSiteUrl).toBe('http://localhost:4100')
  })

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', SUPABASE_URL: ' ', LOG_LEVEL: '' })
    expect(config).toMatchObject({ port: 3000, authMode: 'embedded', logLevel: 'info' })
  })

  it('keeps memory:// as is', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://')
  })

  it('turns on hosted mode with URL, anon key and a JWT secret', () => {
    expect(loadConfig(hosted)).toMatchObject({
      authMode: 'hosted',
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon-key',
      supabaseJwtSecret: 'x'.repeat(32),
    })
  })

  it('accepts a JWKS address instead of the secret', () => {
    const config = loadConfig({
      SUPABASE_URL: hosted.SUPABASE_URL,
      SUPABASE_ANON_KEY: hosted.SUPABASE_ANON_KEY,
      SUPABASE_JWKS_URL: 'https://abc.supabase.co/auth/v1/.well-known/jwks.json',
    })
    expect(config.authMode).toBe('hosted')
    expect(config.supabaseJwksUrl).toBe('https://abc.supabase.co/auth/v1/.well-known/jwks.json')
  })

  it('names what hosted mode is missing', () => {
    const [problem] = problemsOf({ SUPABASE_URL: hosted.SUPABASE_URL })
    expect(problem).toContain('missing SUPABASE_ANON_KEY, SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL')

    const [other] = problemsOf({ SUPABASE_ANON_KEY: 'k', SUPABASE_JWT_SECRET: 'x'.repeat(32) })
    expect(other).toMatch(/missing SUPABASE_URL \(/)
  })

  it.each([
    ['PORT', 'abc', 'whole number'],
    ['PORT', '70000', 'whole number'],
    ['PORT', '30.5', 'whole number'],
    ['DATABASE_URL', 'mysql://db/atlas', 'postgres://'],
    ['DATABASE_URL', 'not a url', 'postgres://'],
    ['SUPABASE_URL', 'abc.supabase.co', 'http(s) URL'],
    ['SUPABASE_JWT_SECRET', 'short', '32 characters'],
    ['SUPABASE_JWKS_URL', 'file:///jwks.json', 'http(s) URL'],
    ['STAFF_EMAIL', 'admin', 'email'],
    ['PUBLIC_SITE_URL', 'ftp://atlas.example', 'http(s) URL'],
    ['DIRECTORY_URL', 'apis', 'path starting with /'],
    ['DIRECTORY_URL', '//evil.example/apis', 'path starting with /'],
    ['DIRECTORY_URL', 'javascript:alert(1)', 'path starting with /'],
    ['CONTACT_EMAIL', 'hello at example', 'email'],
    ['TESTER_ALLOWED_HOSTS', 'good.example,bad host', "'bad host'"],
    ['TESTER_ALLOWED_HOSTS', 'localhost:99999', "'localhost:99999'"],
    ['TESTER_ALLOWED_HOSTS', 'http://localhost', "'http://localhost'"],
    ['TESTER_ALLOWED_PORTS', '25,smtp', "'smtp' is not a port"],
    ['TESTER_ALLOWED_PORTS', '0', "'0' is not a port"],
    ['TESTER_ALLOWED_PORTS', '65536', "'65536' is not a port"],
    ['TESTER_ALLOWED_PORTS', '8000-9000', "'8000-9000' is not a port"],
    ['TESTER_ALLOWED_PORTS', 'example.com:25', 'comma-separated list of port numbers'],
    ['REDIS_URL', 'http://cache', 'redis://'],
    ['LOG_LEVEL', 'loud', 'one of fatal, error'],
  ])('refuses %s=%s', (name, value, why) => {
    // Supabase variables are checked inside an otherwise complete hosted setup.
    const problems = problemsOf({ ...(name.startsWith('SUPABASE_') ? hosted : {}), [name]: value })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(new RegExp(`^${name}: `))
    expect(problems[0]).toContain(why)
  })

  it('connects a social network only when all of its variables are set', () => {
    expect(loadConfig({}).connectors).toEqual({
      linkedin: undefined,
      twitter: undefined,
      reddit: undefined,
    })
    const config = loadConfig({
      LINKEDIN_ACCESS_TOKEN: 'li',
      LINKEDIN_AUTHOR_URN: 'urn:li:organization:42',
      TWITTER_ACCESS_TOKEN: 'tw',
    })
    expect(config.connectors).toEqual({
      linkedin: { accessToken: 'li', authorUrn: 'urn:li:organization:42' },
      twitter: { accessToken: 'tw' },
      reddit: undefined,
    })
    expect(problemsOf({ REDDIT_ACCESS_TOKEN: 'r' })).toEqual([
      'posting to Reddit needs REDDIT_ACCESS_TOKEN and REDDIT_SUBREDDIT; missing REDDIT_SUBREDDIT (unset them all to use the outbox)',
    ])
    expect(problemsOf({ LINKEDIN_ACCESS_TOKEN: 'li', LINKEDIN_AUTHOR_URN: 'me' })).toEqual([
      'LINKEDIN_AUTHOR_URN: must be a URN such as urn:li:organization:123',
    ])
  })

  it('refuses a staff password without an email', () => {
    expect(problemsOf({ STAFF_PASSWORD: 'long enough' })[0]).toContain('STAFF_EMAIL')
    expect(problemsOf({ STAFF_EMAIL: 'a@b.example', STAFF_PASSWORD: 'short' })[0]).toMatch(
      /^STAFF_PASSWORD: .*8 characters/,
    )
  })

  it.each([
    ['true', true],
    ['TRUE', true],
    ['false', false],
    [' 10.0.0.2 ', ['10.0.0.2']],
    [
      '10.0.0.0/8, 192.168.1.7,fd00::/8 , ::1, Loopback,',
      ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback'],
    ],
    [',', false],
  ] as const)('reads TRUST_PROXY=%j as Fastify trustProxy %j', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy)
  })

  it.each([
    ['yes', "'yes' is not an address"],
    ['10.0.0.0/33', "'10.0.0.0/33' is not an address"],
    ['10.0.0.1, proxy.internal', "'proxy.internal' is not an address"],
    ['fd00::/129', "'fd00::/129' is not an address"],
    ['10.0.0.0/8/8', "'10.0.0.0/8/8' is not an address"],
    ['-1', "'-1' is not an address"],
    ['1', 'a number of hops cannot tell the balancer from a client'],
    ['0', 'a number of hops cannot tell the balancer from a client'],
  ])('refuses TRUST_PROXY=%j, naming the problem', (value, message) => {
    const [problem] = problemsOf({ TRUST_PROXY: value })
    expect(problem).toContain(`TRUST_PROXY: ${message}`)
    expect(problem).toContain('comma-separated list of addresses and CIDR ranges')
  })

  it('checks every API once a day by default, at most 30 a minute; HEALTH_CHECKS=off stops it', () => {
    expect(loadConfig({}).healthChecks).toEqual({
      enabled: true,
      periodMs: 86_400_000,
      maxPerMinute: 30,
    })
    expect(
      loadConfig({
        HEALTH_CHECKS: 'off',
        HEALTH_CHECK_EVERY_HOURS: '6',
        HEALTH_CHECKS_PER_MINUTE: '120',
      }).healthChecks,
    ).toEqual({ enabled: false, periodMs: 6 * 3_600_000, maxPerMinute: 120 })
  })

  it('opens 120 analytics visits an hour per address unless ANALYTICS_VISITS_PER_HOUR says', () => {
    expect(loadConfig({}).analyticsVisitsPerHour).toBe(120)
    expect(loadConfig({ ANALYTICS_VISITS_PER_HOUR: '5000' }).analyticsVisitsPerHour).toBe(5000)
  })

  it('loads the operations seed unless OPERATIONS_SEED=off', () => {
    expect(loadConfig({}).loadOperations).toBe(true)
    expect(loadConfig({ OPERATIONS_SEED: 'off' }).loadOperations).toBe(false)
  })

  it('adds no synthetic APIs unless ATLAS_SYNTHETIC_APIS asks for some', () => {
    expect(loadConfig({}).syntheticApis).toBe(0)
    expect(loadConfig({ ATLAS_SYNTHETIC_APIS: '100000' }).syntheticApis).toBe(100_000)
    expect(loadConfig({ ATLAS_SYNTHETIC_APIS: ' 0 ' }).syntheticApis).toBe(0)
  })

  it.each([
    ['ATLAS_SYNTHETIC_APIS', '-1', 'must be a whole number of APIs from 0 to 1,000,000'],
    ['ATLAS_SYNTHETIC_APIS', '2.5', 'must be a whole number of APIs from 0 to 1,000,000'],
    ['ATLAS_SYNTHETIC_APIS', 'lots', 'must be a whole number of APIs from 0 to 1,000,000'],
    ['ATLAS_SYNTHETIC_APIS', '1000001', 'must be a whole number of APIs from 0 to 1,000,000'],
    ['OPERATIONS_SEED', 'false', 'must be on or off'],
    ['HEALTH_CHECKS', 'no', 'must be on or off'],
    ['HEALTH_CHECK_EVERY_HOURS', '0.5', 'must be a number of hours from 1 to 720'],
    ['HEALTH_CHECK_EVERY_HOURS', 'daily', 'must be a number of hours from 1 to 720'],
    ['HEALTH_CHECKS_PER_MINUTE', '0', 'must be a whole number from 1 to 600'],
    ['HEALTH_CHECKS_PER_MINUTE', '2.5', 'must be a whole number from 1 to 600'],
    ['ANALYTICS_VISITS_PER_HOUR', '0', 'must be a whole number from 1 to 1,000,000'],
    ['ANALYTICS_VISITS_PER_HOUR', 'many', 'must be a whole number from 1 to 1,000,000'],
  ])('refuses %s=%j, naming the problem', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([`${name}: ${message}`])
  })

  it('lists every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: '-1', LOG_LEVEL: 'loud', CONTACT_EMAIL: 'x' })).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- CONTACT_EMAIL: .*\n {2}- LOG_LEVEL: /,
    )
  })
})
