// How Node runs the server's TypeScript: by itself where it can (22.18+ strips types; the
// server's few constructor parameter properties need its transform mode), through tsx before
// that. tsx at run time costs a loader thread and its compiler's memory (issue 25,
// bench/results/startMemory.json).
import { fileURLToPath } from 'node:url'

const resolveHook = fileURLToPath(new URL('./resolveTs.mjs', import.meta.url))

/** Node's arguments to run `entry` (a .ts file), for the Node that runs this script. */
export function serverCommand(entry) {
  if (!process.features.typescript) return ['--import', 'tsx', entry]
  return [
    '--experimental-transform-types',
    // Said once per thread at every start; the choice is made here, deliberately.
    '--disable-warning=ExperimentalWarning',
    '--import',
    resolveHook,
    entry,
  ]
}
