// A new embedded database starts from a template: the data directory PGlite's initdb makes,
// made once by `npm run db:template` and kept in the repository (server/db/template/), as the
// seeds are. initdb runs a second Postgres instance beside the first, copies what it made from
// one to the other as an archive in memory, and leaves both instances' memory to the collector,
// which held it through the seed loads after; unpacking the template takes half the memory at its
// peak and a third of the time (`npm run bench startMemory`). The template is PGlite's own, so one
// is kept per PGlite version; without one for the version installed, a new database runs initdb
// as before.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export const TEMPLATE_DIR = path.join(import.meta.dirname, 'template')

/** The PGlite version installed, from its package.json (beside the dist/ its exports name). */
export const pgliteVersion = (): string => {
  const wasm = createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')
  const manifest = path.join(path.dirname(wasm), '..', 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** Where the template of the installed PGlite version is (or would be). */
export const templateFile = (version = pgliteVersion()) =>
  path.join(TEMPLATE_DIR, `pglite-${version}.tar.gz`)

/**
 * The template to start `dataDir` from: the installed version's, when the directory holds no
 * database yet (`memory://` never does) and the template is there; otherwise undefined, and
 * PGlite opens what is there or runs initdb.
 */
export const templateFor = (dataDir: string): string | undefined => {
  const file = templateFile()
  if (!existsSync(file)) return undefined
  if (!dataDir.startsWith('memory://') && existsSync(path.join(dataDir, 'PG_VERSION'))) {
    return undefined
  }
  return file
}

/**
 * PGlite's option to start from a template, read from its file: for an in-memory database only.
 * On disk, the database's thread unpacks the template itself, which takes less memory
 * (pgliteWorker.ts).
 */
export const loadDataDirOf = (file: string | undefined) =>
  file === undefined ? {} : { loadDataDir: new Blob([readFileSync(file)]) }
