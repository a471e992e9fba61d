// The health checker's cost at the real catalogue (3,768 APIs) and at 100,000 (ATLAS_SYNTHETIC_APIS),
// against a loopback upstream: the requests it sends an hour, the CPU and memory it takes, and
// whether it stays within its limits (at most HEALTH_CHECKS_PER_MINUTE × 5 checks a 5-minute turn,
// 4 in flight). Each size runs in a process of its own (bench/checkerRun.ts) on a fresh embedded
// database, through one simulated hour of the real schedule. CHECKER_SIZES (e.g. `real`) picks
// sizes. Writes bench/results/checker.json.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { writeResult } from './lib'

const sizes = (process.env.CHECKER_SIZES ?? 'real,100000').split(',')
const runs: Record<string, unknown>[] = []
let failed = false
for (const size of sizes) {
  console.log(`Checker at ${size} APIs…`)
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'checkerRun.ts')],
    {
      env: { ...process.env, CHECKER_APIS: size },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const line = child.stdout
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{"result"'))
  if (child.status !== 0 || !line) {
    console.error(`The run at ${size} APIs failed (exit ${child.status ?? child.signal})`)
    failed = true
    continue
  }
  const { result } = JSON.parse(line) as { result: Record<string, unknown> }
  if (result.withinLimits !== true) failed = true
  runs.push(result)
}
writeResult('checker', {
  note: 'One simulated hour of the schedule (12 turns of 5 minutes) per size; loopback is plain HTTP, so an https address adds one request a check (its http:// form) in production.',
  runs,
})
if (failed) process.exitCode = 1
