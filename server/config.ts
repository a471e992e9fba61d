import { isIP } from 'node:net'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { z } from 'zod'
import type { ConnectorCredentials } from './marketing/connectors'
import { readOverlay, type Overlay } from './catalog/overlay'
import { MAX_SYNTHETIC_APIS } from './catalog/synthetic'
import { DEFAULT_WATCHDOG_TIMEOUT_MS } from './watchdog'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export type AuthMode = 'embedded' | 'hosted'

export type Config = {
  port: number
  host: string
  /** Absolute path of the PGlite files, or `memory://` for a throwaway in-memory database. */
  dataDir: string
  databaseUrl?: string
  authMode: AuthMode
  supabaseUrl?: string
  supabaseAnonKey?: string
  supabaseJwtSecret?: string
  supabaseJwksUrl?: string
  staffEmail?: string
  staffPassword?: string
  /** Without a trailing slash, so paths can be appended. */
  publicSiteUrl: string
  directoryUrl: string
  contactEmail: string
  testerAllowedHosts: string[]
  /** Ports the tester reaches on any host: DEFAULT_TESTER_PORTS plus TESTER_ALLOWED_PORTS. */
  testerAllowedPorts: number[]
  redisUrl?: string
  /**
   * Fastify's trustProxy: which peers may set the client address (X-Forwarded-For), protocol and
   * host. false trusts none; true every hop; otherwise these addresses and CIDR ranges.
   */
  trustProxy: TrustProxy
  /** Social networks the dashboard posts to; a network without credentials uses the outbox. */
  connectors: ConnectorCredentials
  logLevel: LogLevel
  /** How long the event loop may stand still before the process exits to be restarted. */
  watchdogTimeoutMs: number
  /** The scheduled API health checker (server/health/). */
  healthChecks: {
    /** HEALTH_CHECKS: off stops it (tests, offline machines). */
    enabled: boolean
    /** HEALTH_CHECK_EVERY_HOURS: each entry is checked this often, due times spread evenly. */
    periodMs: number
    /** HEALTH_CHECKS_PER_MINUTE: at most this many checks a minute by one instance. */
    maxPerMinute: number
  }
  /**
   * ANALYTICS_VISITS_PER_HOUR: new analytics visits one address may open in an hour (120 unless
   * set). Raise it where many visitors share an address: an office behind one NAT, a test run.
   */
  analyticsVisitsPerHour: number
  /**
   * OPERATIONS_SEED: off leaves the operations seed unloaded (125,207 operations, tens of seconds
   * on a first start): the API pages then offer no operation details. For servers that do not
   * need them (tests, small instances).
   */
  loadOperations: boolean
  /**
   * ATLAS_SYNTHETIC_APIS: how many deterministic synthetic APIs (server/catalog/synthetic.ts) the
   * catalogue adds to the seed at start, for scale tests and benchmarks. 0, the default: none.
   */
  syntheticApis: number
  /**
   * CATALOGUE_OVERLAY: your own APIs and their OpenAPI documents, read at start and added to the
   * catalogue marked `local` (server/catalog/overlay.ts); undefined when not set.
   */
  catalogueOverlay?: Overlay
  /** The built SPA (vite's outDir). */
  staticDir: string
  migrationsDir: string
}

export type Env = Record<string, string | undefined>

export type TrustProxy = boolean | string[]

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

const urlWithProtocols = (protocols: string[], what: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol)
      } catch {
        return false
      }
    },
    { message: `must be ${what}` },
  )

/** Web ports only by default, so the tester cannot speak to mail, database or other services. */
export const DEFAULT_TESTER_PORTS = [80, 443, 8080, 8443] as const

const TESTER_PORTS_HELP =
  'a comma-separated list of port numbers from 1 to 65535, such as 3000,9443'

const hostPortPattern =
  /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/i

// proxy-addr's names for the loopback, link-local and unique-local (private) ranges.
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal']

const isAddressOrRange = (entry: string) => {
  if (NAMED_RANGES.includes(entry) || isIP(entry) !== 0) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  const max = family === 4 ? 32 : 128
  return family !== 0 && rest.length === 0 && /^\d{1,3}$/.test(bits ?? '') && Number(bits) <= max
}

const TRUST_PROXY_HELP = 'true, false, or a comma-separated list of addresses and CIDR ranges'

const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || /^false$/i.test(value)) return false
    if (/^true$/i.test(value)) return true
    if (/^\d+$/.test(value)) {
      // Fastify 5 trusts nobody for a hop count: it cannot tell the balancer from a direct client.
      ctx.addIssue({
        code: 'custom',
        message: `a number of hops cannot tell the balancer from a client that reaches the server directly; list the balancer's addresses instead (${TRUST_PROXY_HELP})`,
      })
      return false
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean)
    for (const entry of entries) {
      if (!isAddressOrRange(entry)) {
        ctx.addIssue({
          code: 'custom',
          message: `'${entry}' is not an address, a CIDR range such as 10.0.0.0/8, or one of ${NAMED_RANGES.join(', ')} (${TRUST_PROXY_HELP})`,
        })
      }
    }
    return entries.length > 0 ? entries : false
  })

const SYNTHETIC_HELP = `must be a whole number of APIs from 0 to ${MAX_SYNTHETIC_APIS.toLocaleString('en-US')}`

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: urlWithProtocols(
    ['postgres:', 'postgresql:'],
    'a postgres:// or postgresql:// connection URL',
  ).optional(),
  SUPABASE_URL: urlWithProtocols(['http:', 'https:'], 'an http(s) URL').optional(),
  SUPABASE_ANON_KEY: z.string().optional(),
  SUPABASE_JWT_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  SUPABASE_JWKS_URL: urlWithProtocols(['http:', 'https:'], 'an http(s) URL').optional(),
  STAFF_EMAIL: z.email('must be an email address').optional(),
  STAFF_PASSWORD: z.string().min(8, 'must be at least 8 characters long').optional(),
  PUBLIC_SITE_URL: urlWithProtocols(['http:', 'https:'], 'an http(s) URL').optional(),
  DIRECTORY_URL: z
    .string()
    .refine(
      (value) =>
        (value.startsWith('/') && !value.startsWith('//')) ||
        urlWithProtocols(['http:', 'https:'], '').safeParse(value).success,
      { message: 'must be a path starting with / or an absolute http(s) URL' },
    )
    .default('/apis'),
  CONTACT_EMAIL: z.email('must be an email address').default('hello@api-atlas.example'),
  TESTER_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const hosts = value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean)
      for (const host of hosts) {
        const match = hostPortPattern.exec(host)
        const port = match?.[1] === undefined ? undefined : Number(match[1])
        if (!match || (port !== undefined && (port < 1 || port > 65535))) {
          ctx.addIssue({ code: 'custom', message: `'${host}' is not a host or host:port` })
        }
      }
      return hosts
    }),
  TESTER_ALLOWED_PORTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const ports = new Set<number>(DEFAULT_TESTER_PORTS)
      for (const entry of value.split(',').map((port) => port.trim())) {
        if (entry === '') continue
        const port = /^\d{1,5}$/.test(entry) ? Number(entry) : NaN
        if (port >= 1 && port <= 65535) ports.add(port)
        else
          ctx.addIssue({
            code: 'custom',
            message: `'${entry}' is not a port (${TESTER_PORTS_HELP})`,
          })
      }
      return [...ports].sort((a, b) => a - b)
    }),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'a redis:// or rediss:// URL').optional(),
  TRUST_PROXY: trustProxySchema,
  LINKEDIN_ACCESS_TOKEN: z.string().optional(),
  LINKEDIN_AUTHOR_URN: z
    .string()
    .regex(/^urn:li:(person|organization):[\w-]+$/, 'must be a URN such as urn:li:organization:123')
    .optional(),
  TWITTER_ACCESS_TOKEN: z.string().optional(),
  REDDIT_ACCESS_TOKEN: z.string().optional(),
  REDDIT_SUBREDDIT: z
    .string()
    .regex(/^[A-Za-z0-9_]{2,21}$/, 'must be a subreddit name without r/')
    .optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WATCHDOG_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds, at least 1000' })
    .int('must be a whole number of milliseconds, at least 1000')
    .min(1000, 'must be a whole number of milliseconds, at least 1000')
    .default(DEFAULT_WATCHDOG_TIMEOUT_MS),
  HEALTH_CHECKS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  OPERATIONS_SEED: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  HEALTH_CHECK_EVERY_HOURS: z.coerce
    .number({ message: 'must be a number of hours from 1 to 720' })
    .min(1, 'must be a number of hours from 1 to 720')
    .max(720, 'must be a number of hours from 1 to 720')
    .default(24),
  HEALTH_CHECKS_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number from 1 to 600' })
    .int('must be a whole number from 1 to 600')
    .min(1, 'must be a whole number from 1 to 600')
    .max(600, 'must be a whole number from 1 to 600')
    .default(30),
  ANALYTICS_VISITS_PER_HOUR: z.coerce
    .number({ message: 'must be a whole number from 1 to 1,000,000' })
    .int('must be a whole number from 1 to 1,000,000')
    .min(1, 'must be a whole number from 1 to 1,000,000')
    .max(1_000_000, 'must be a whole number from 1 to 1,000,000')
    .default(120),
  ATLAS_SYNTHETIC_APIS: z.coerce
    .number({ message: SYNTHETIC_HELP })
    .int(SYNTHETIC_HELP)
    .min(0, SYNTHETIC_HELP)
    .max(MAX_SYNTHETIC_APIS, SYNTHETIC_HELP)
    .default(0),
  CATALOGUE_OVERLAY: z.string().optional(),
})

// A network is connected only with all of its variables; some but not all is a mistake.
const CONNECTOR_VARS = {
  LinkedIn: ['LINKEDIN_ACCESS_TOKEN', 'LINKEDIN_AUTHOR_URN'],
  Twitter: ['TWITTER_ACCESS_TOKEN'],
  Reddit: ['REDDIT_ACCESS_TOKEN', 'REDDIT_SUBREDDIT'],
} as const

/** Reads and validates the environment once; throws a ConfigError naming every bad variable. */
export const loadConfig = (env: Env = process.env): Config => {
  // An empty variable (`FOO=` in a .env file) means "not set", as in most tools.
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((key) => {
      const value = env[key]
      if (value === undefined || value.trim() === '') return []
      // A password keeps its spaces; everything else is trimmed.
      return [[key, key === 'STAFF_PASSWORD' ? value : value.trim()]]
    }),
  )

  const parsed = envSchema.safeParse(input)
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`)

  const hostedVars = {
    SUPABASE_URL: input.SUPABASE_URL,
    SUPABASE_ANON_KEY: input.SUPABASE_ANON_KEY,
  }
  const hasVerifier = Boolean(input.SUPABASE_JWT_SECRET || input.SUPABASE_JWKS_URL)
  const anyHosted = Object.values(hostedVars).some(Boolean) || hasVerifier
  const hosted = Object.values(hostedVars).every(Boolean) && hasVerifier
  if (anyHosted && !hosted) {
    const missing = Object.entries(hostedVars)
      .filter(([, value]) => !value)
      .map(([key]) => key)
    if (!hasVerifier) missing.push('SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL')
    problems.push(
      `hosted Supabase needs SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL; missing ${missing.join(', ')} (unset them all to use the embedded auth)`,
    )
  }
  for (const [network, keys] of Object.entries(CONNECTOR_VARS)) {
    const missing = keys.filter((key) => !input[key])
    if (missing.length > 0 && missing.length < keys.length) {
      problems.push(
        `posting to ${network} needs ${keys.join(' and ')}; missing ${missing.join(', ')} (unset them all to use the outbox)`,
      )
    }
  }
  if (input.STAFF_PASSWORD && !input.STAFF_EMAIL) {
    problems.push('STAFF_PASSWORD: is set but STAFF_EMAIL is not; set both or neither')
  }

  let catalogueOverlay: Overlay | undefined
  if (input.CATALOGUE_OVERLAY) {
    try {
      catalogueOverlay = readOverlay(input.CATALOGUE_OVERLAY)
    } catch (error) {
      problems.push(`CATALOGUE_OVERLAY: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  if (!parsed.success || problems.length > 0) throw new ConfigError(problems)
  const vars = parsed.data

  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: vars.DATA_DIR.startsWith('memory://') ? vars.DATA_DIR : path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    authMode: hosted ? 'hosted' : 'embedded',
    supabaseUrl: hosted ? vars.SUPABASE_URL?.replace(/\/+$/, '') : undefined,
    supabaseAnonKey: hosted ? vars.SUPABASE_ANON_KEY : undefined,
    supabaseJwtSecret: hosted ? vars.SUPABASE_JWT_SECRET : undefined,
    supabaseJwksUrl: hosted ? vars.SUPABASE_JWKS_URL : undefined,
    staffEmail: vars.STAFF_EMAIL,
    staffPassword: vars.STAFF_PASSWORD,
    publicSiteUrl: (vars.PUBLIC_SITE_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    directoryUrl: vars.DIRECTORY_URL,
    contactEmail: vars.CONTACT_EMAIL,
    testerAllowedHosts: vars.TESTER_ALLOWED_HOSTS,
    testerAllowedPorts: vars.TESTER_ALLOWED_PORTS,
    redisUrl: vars.REDIS_URL,
    trustProxy: vars.TRUST_PROXY,
    connectors: {
      linkedin:
        vars.LINKEDIN_ACCESS_TOKEN && vars.LINKEDIN_AUTHOR_URN
          ? { accessToken: vars.LINKEDIN_ACCESS_TOKEN, authorUrn: vars.LINKEDIN_AUTHOR_URN }
          : undefined,
      twitter: vars.TWITTER_ACCESS_TOKEN ? { accessToken: vars.TWITTER_ACCESS_TOKEN } : undefined,
      reddit:
        vars.REDDIT_ACCESS_TOKEN && vars.REDDIT_SUBREDDIT
          ? { accessToken: vars.REDDIT_ACCESS_TOKEN, subreddit: vars.REDDIT_SUBREDDIT }
          : undefined,
    },
    logLevel: vars.LOG_LEVEL,
    watchdogTimeoutMs: vars.WATCHDOG_TIMEOUT_MS,
    analyticsVisitsPerHour: vars.ANALYTICS_VISITS_PER_HOUR,
    healthChecks: {
      enabled: vars.HEALTH_CHECKS === 'on',
      periodMs: Math.round(vars.HEALTH_CHECK_EVERY_HOURS * 3_600_000),
      maxPerMinute: vars.HEALTH_CHECKS_PER_MINUTE,
    },
    loadOperations: vars.OPERATIONS_SEED === 'on',
    syntheticApis: vars.ATLAS_SYNTHETIC_APIS,
    catalogueOverlay,
    staticDir: path.join(repoRoot, 'dist'),
    migrationsDir: path.join(repoRoot, 'server', 'db', 'migrations'),
  }
}
