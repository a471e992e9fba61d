// Child of bench/startMemory.bench.ts: opens what the server opens, in the server's order and on
// the same runner, and prints the resident memory after each part as one JSON line. Not a
// benchmark of its own (run.ts runs only *.bench.ts). Run with --expose-gc and DATA_DIR set.
import { readFileSync } from 'node:fs'

type Part = { part: string; rssMb: number; heapUsedMb: number }

const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10
const parts: Part[] = []
const measure = (part: string) => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1])
  parts.push({ part, rssMb: mb(rssKb * 1024), heapUsedMb: mb(process.memoryUsage().heapUsed) })
}

measure('Node alone')
const { loadConfig } = await import('../server/config')
await import('../server/app')
const { default: Fastify } = await import('fastify')
measure('server modules imported')
const { openDatabase } = await import('../server/db/database')
const { migrate } = await import('../server/db/migrate')
const { loadCatalog } = await import('../server/catalog/load')
const { openCatalog } = await import('../server/catalog/catalog')
const { pageRenderer } = await import('../server/seo/ssr')
const config = loadConfig()
const db = await openDatabase(config)
measure('PGlite thread open')
await migrate(db, config.migrationsDir)
measure('migrated')
await loadCatalog(db)
measure('seed loaded')
await openCatalog(db, 'parts')
measure('catalogue in memory')
await pageRenderer(config.staticDir, Fastify({ logger: false }).log).load()
measure('page render loaded')
await db.close()
measure('PGlite thread closed')
console.log(JSON.stringify(parts))
