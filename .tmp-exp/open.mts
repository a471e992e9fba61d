import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
const ext = process.argv[2] === 'ext'
let t = performance.now()
const db = await PGlite.create('/tmp/atlas-st', ext ? { extensions: { pg_trgm } } : {})
console.log('open', ext, Math.round(performance.now() - t))
t = performance.now()
await db.query('select 1')
console.log('q', Math.round(performance.now() - t))
t = performance.now()
await db.close()
console.log('close', Math.round(performance.now() - t))
