import { PGlite } from '@electric-sql/pglite'
import { rmSync } from 'node:fs'
import { readOperationsShards } from '/work/main/server/catalog/operationsSeed'
const mode = process.argv[2]
rmSync('/tmp/exp-db', { recursive: true, force: true })
const db = await PGlite.create('/tmp/exp-db')
await db.exec(`create table api_operations (api_id text not null, operation_key text not null, position integer not null, method text not null, path text not null, operation_id text, summary text not null, tags text[] not null, deprecated boolean not null, detail ${mode === 'copyjson' ? 'json' : mode === 'base' ? 'json' : 'text'} not null, primary key (api_id, operation_key));
create index api_operations_position on api_operations (api_id, position);`)
if (process.argv[3] === 'ext') await db.exec('alter table api_operations alter column detail set storage external')
console.log((await db.query('show wal_level')).rows, (await db.query('show default_toast_compression')).rows)
let shards: any[] = []
let i = 0
for await (const s of readOperationsShards()) { shards.push(s); if (++i >= 2) break }
const esc = (s: string) => s.replace(/[\\\t\n\r]/g, (c) => c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')
const arr = (tags: string[]) => '{' + tags.map((t) => '"' + t.replace(/["\\]/g, (c) => '\\' + c) + '"').join(',') + '}'
const t0 = performance.now()
let lines: string[] = []; let rows: string[] = []
for (const seed of shards) for (const api of seed.apis) for (const [position, operation] of api.operations.entries()) {
  const { operationKey, method, path, operationId, summary, tags, deprecated, ...detail } = operation
  if (mode === 'base') rows.push(JSON.stringify({ api_id: api.id, operation_key: operationKey, position, method, path, operation_id: operationId, summary, tags, deprecated, detail }))
  else lines.push([api.id, operationKey, String(position), method, path, operationId ?? '\\N', summary, arr(tags), deprecated ? 't' : 'f', JSON.stringify(detail)].map((v, k) => (k === 5 && v === '\\N') ? v : esc(v)).join('\t'))
}
console.log('build ms', Math.round(performance.now() - t0), lines.length || rows.length)
const t = performance.now(); const c0 = process.cpuUsage()
await db.transaction(async (tx) => {
  if (mode === 'base') {
    let batch: string[] = []; let size = 0
    const stmt = `insert into api_operations select api_id, operation_key, position, method, path, operation_id, summary, array(select json_array_elements_text(tags)), deprecated, detail from json_to_recordset($1::json) as o(api_id text, operation_key text, position int, method text, path text, operation_id text, summary text, tags json, deprecated boolean, detail json)`
    for (const r of rows) { batch.push(r); size += r.length; if (size >= 4_000_000) { await tx.query(stmt, [`[${batch.join(',')}]`]); batch = []; size = 0 } }
    if (batch.length) await tx.query(stmt, [`[${batch.join(',')}]`])
  } else {
    let start = 0
    while (start < lines.length) {
      let size = 0, end = start
      while (end < lines.length && size < 4_000_000) size += lines[end++]!.length
      await tx.query(`copy api_operations from '/dev/blob'`, [], { blob: new Blob([lines.slice(start, end).join('\n') + '\n']) })
      start = end
    }
  }
})
const c1 = process.cpuUsage(c0); console.log(process.argv.slice(2).join(' '), 'insert ms', Math.round(performance.now() - t), 'cpu', Math.round((c1.user + c1.system) / 1000), (await db.query('select count(*) from api_operations')).rows)
await db.close()
