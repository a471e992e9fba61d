import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '../app'
import type { Config, Env } from '../config'
import type { Db } from '../db/database'
import { testConfig } from './testDb'

export type TestAppOptions = {
  /** Shared across apps to save start-up time; the app migrates it and leaves it open. */
  db: Db
  env?: Env
  config?: Partial<Config>
  /** The app's own options (seed loading, rate limits, connectors...). */
  options?: Omit<BuildAppOptions, 'db' | 'logger'>
}

/**
 * A quiet app on the given database, with no built site unless config.staticDir says otherwise.
 * Not yet ready: add routes if needed, then `await app.ready()`.
 */
export const buildTestApp = ({ db, env, config, options }: TestAppOptions): FastifyInstance =>
  buildApp(
    testConfig(env, { staticDir: path.join(import.meta.dirname, 'no-such-dist'), ...config }),
    // The operations seed (over 100,000 operations) loads only where a test asks for it.
    { operations: { load: false }, ...options, db, logger: false },
  )
