import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app'
import type { Config, Env } from '../config'
import type { Db } from '../db/database'
import { testConfig } from './testDb'

export type TestAppOptions = {
  /** Shared across apps to save start-up time; the app migrates it and leaves it open. */
  db: Db
  env?: Env
  config?: Partial<Config>
}

/**
 * A quiet app on the given database, with no built site unless config.staticDir says otherwise.
 * Not yet ready: add routes if needed, then `await app.ready()`.
 */
export const buildTestApp = ({ db, env, config }: TestAppOptions): FastifyInstance =>
  buildApp(
    testConfig(env, { staticDir: path.join(import.meta.dirname, 'no-such-dist'), ...config }),
    { db, logger: false },
  )
