// `npm run bench [filter]`: runs every bench/*.bench.ts in turn, each in its own process so one
// benchmark's heap and timers cannot colour the next. Each prints and writes bench/results/*.json.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const filter = process.argv[2] ?? ''
const files = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts') && file.includes(filter))
  .sort()

if (files.length === 0) {
  console.error(`No benchmark in bench/ matches '${filter}'`)
  process.exit(1)
}

let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const result = spawnSync('tsx', [path.join(import.meta.dirname, file)], { stdio: 'inherit' })
  if (result.status !== 0) {
    failed++
    console.error(`${file} failed (exit ${result.status ?? result.signal})`)
  }
}
process.exit(failed > 0 ? 1 : 0)
