// How Node runs the server's TypeScript: by itself where it can (22.18+ strips types; the
// server's few constructor parameter properties need its transform mode), through tsx before
// that. tsx at run time costs a loader thread and its compiler's memory (see
// bench/results/startMemory.json).
import { fileURLToPath } from 'node:url'

const resolveHook = fileURLToPath(new URL('./resolveTs.mjs', import.meta.url))

/**
 * V8's heap for the server. By default V8 lets the old generation grow to up to 4 times what is
 * live before a full collection (the more, the less time collecting takes), and keeps the pages
 * that collection frees in its pool, committed: the instance stays as resident as its heap's peak.
 * At 100,000 APIs 175 MB is live; under the scale bench's load the heap grew to 370 MB before
 * one collection, which left 158 MB pooled, and the instance at 530 MB on a busy machine and
 * 834 MB on a quiet one (the aim is under 600 MB). Growing by half of what is live instead
 * bounds the peak by the catalogue's size (408 MB on the same load), at the cost of a full
 * collection for every ~90 MB promoted. bench/scale.bench.ts runs its server with these too.
 */
export const SERVER_HEAP_FLAGS = ['--heap-growing-percent=50']

/** Node's arguments to run `entry` (a .ts file), for the Node that runs this script. */
export function serverCommand(entry) {
  if (!process.features.typescript) return [...SERVER_HEAP_FLAGS, '--import', 'tsx', entry]
  return [
    ...SERVER_HEAP_FLAGS,
    '--experimental-transform-types',
    // Said once per thread at every start; the choice is made here, deliberately.
    '--disable-warning=ExperimentalWarning',
    '--import',
    resolveHook,
    entry,
  ]
}
