// Search by task, measured: the labelled queries of bench/searchQueries.ts asked of GET
// /api/apis?search= (the directory's search, families shown once), on a real catalogue with its
// operations. Recall@5: the share of each query's expected families among its first five results,
// averaged over the queries; "obvious first": queries whose expected first family is first.
//
// On PGlite in a data directory of its own (SEARCH_DATA_DIR keeps one between runs: the first
// start loads the catalogue and its 125,000 operations, a few minutes), and on Postgres when
// DATABASE_URL is set (give it a database of its own). SEARCH_URL measures a running server
// instead. Writes bench/results/searchQuality.json.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { round, writeResult } from './lib'
import { LABELLED_QUERIES } from './searchQueries'

/** What the issue asks for. */
const TARGETS = { recallAt5: 0.85, obviousFirst: 30 }

type Result = { id: string; name: string; provider: string; family?: { slug: string } }

const measure = async (ask: (query: string) => Promise<Result[]>) => {
  const queries = []
  for (const labelled of LABELLED_QUERIES) {
    const top = (await ask(labelled.query)).slice(0, 5)
    const providers = top.map((api) => api.provider)
    const found = labelled.expect.filter((provider) => providers.includes(provider))
    queries.push({
      query: labelled.query,
      recall: found.length / labelled.expect.length,
      first: providers[0] === labelled.first,
      missing: labelled.expect.filter((provider) => !providers.includes(provider)),
      top: top.map((api) => `${api.provider}: ${api.name}`),
    })
  }
  const recallAt5 = queries.reduce((sum, query) => sum + query.recall, 0) / queries.length
  const obviousFirst = queries.filter((query) => query.first).length
  return { queries: queries.length, recallAt5: round(recallAt5, 3), obviousFirst, detail: queries }
}

const overHttp = (base: string) => async (query: string) => {
  const response = await fetch(`${base}/api/apis?search=${encodeURIComponent(query)}&limit=5`)
  return ((await response.json()) as { data: { apis: Result[] } }).data.apis
}

const inProcess = async (env: Record<string, string>) => {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', HEALTH_CHECKS: 'off' })
  const app = buildApp(config, { logger: false })
  await app.ready()
  return {
    ask: async (query: string) => {
      const response = await app.inject(`/api/apis?search=${encodeURIComponent(query)}&limit=5`)
      return (response.json() as { data: { apis: Result[] } }).data.apis
    },
    close: () => app.close(),
  }
}

const runs: Record<string, Awaited<ReturnType<typeof measure>>> = {}
if (process.env.SEARCH_URL) {
  runs.server = await measure(overHttp(process.env.SEARCH_URL))
} else {
  const kept = process.env.SEARCH_DATA_DIR
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'atlas-search-quality-'))
  try {
    const modes: [string, Record<string, string>][] = [
      ['pglite', { DATA_DIR: dataDir, DATABASE_URL: '' }],
    ]
    if (process.env.DATABASE_URL) {
      modes.push(['postgres', { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL }])
    }
    for (const [mode, env] of modes) {
      const app = await inProcess(env)
      try {
        runs[mode] = await measure(app.ask)
      } finally {
        await app.close()
      }
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true })
  }
}

for (const [mode, run] of Object.entries(runs)) {
  console.log(
    `${mode}: recall@5 ${run.recallAt5}, obvious first ${run.obviousFirst}/${run.queries}`,
  )
  for (const query of run.detail) {
    if (query.recall < 1 || !query.first) {
      console.log(
        `  ${query.query}: missing ${query.missing.join(', ') || '-'}; top ${query.top.join(' | ')}`,
      )
    }
  }
}
writeResult('searchQuality', { targets: TARGETS, runs })
