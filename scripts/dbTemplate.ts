// `npm run db:template`: makes the template a new embedded database starts from
// (server/db/pgliteTemplate.ts) for the PGlite version installed, and removes those of other
// versions. Run it after upgrading PGlite; a test says when it is due.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { TEMPLATE_DIR, templateFile } from '../server/db/pgliteTemplate'

// initdb's own settings: the server's start parameters (its buffer cache) are not written into
// the data directory, so any PGlite made it alike.
const pglite = await PGlite.create('memory://')
const archive = await pglite.dumpDataDir('gzip')
await pglite.close()
const file = templateFile()
mkdirSync(TEMPLATE_DIR, { recursive: true })
for (const name of readdirSync(TEMPLATE_DIR)) {
  if (path.join(TEMPLATE_DIR, name) !== file) rmSync(path.join(TEMPLATE_DIR, name))
}
writeFileSync(file, Buffer.from(await archive.arrayBuffer()))
console.log(`Wrote ${path.relative(process.cwd(), file)} (${Math.round(archive.size / 1024)} KB)`)
