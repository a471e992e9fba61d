// The server tests' global set-up: one empty PGlite database, made once per run, in two forms
// every test worker starts its fresh databases from (testDb.ts): a dump for in-memory databases,
// and a data directory for on-disk ones. initdb in WASM costs about 3 s of CPU; loading a dump,
// a fifth of that, and copying a directory next to nothing. Made in each worker, as it was, it was
// paid once per test file: a fifth of the unit layer's CPU on the 2-core machine.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { PGLITE_OPTIONS } from '../db/database'
import { loadDataDirOf, templateFor } from '../db/pgliteTemplate'

declare module 'vitest' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A dump of an empty PGlite database (`dumpDataDir('none')`), for openPgliteTestDb. */
    emptyPgliteDump?: string
    /** An empty PGlite database's data directory, closed, for emptyPgliteDataDir to copy. */
    emptyPgliteDataDir?: string
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'api-atlas-pglite-'))
  const file = join(dir, 'empty.tar')
  const dataDir = join(dir, 'empty-data')
  // From the template a new database starts from (server/db/pgliteTemplate.ts), as the server's.
  const seed = await PGlite.create('memory://', {
    ...PGLITE_OPTIONS,
    ...loadDataDirOf(templateFor('memory://')),
  })
  let dump: Blob
  try {
    dump = await seed.dumpDataDir('none')
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
  } finally {
    await seed.close()
  }
  // The same database written out as files: what initdb leaves in a new data directory.
  await (await PGlite.create(dataDir, { ...PGLITE_OPTIONS, loadDataDir: dump })).close()
  project.provide('emptyPgliteDump', file)
  project.provide('emptyPgliteDataDir', dataDir)
  return () => rm(dir, { recursive: true, force: true })
}
