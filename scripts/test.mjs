// `npm test`: every layer, in the order a failure is cheapest to find. Stops at the first failing
// layer and ends with one line of totals over all test layers.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureChromium, run } from './lib.mjs'

const reports = mkdtempSync(join(tmpdir(), 'api-atlas-test-'))
const counts = []

function countFrom(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests,
  }
}

async function layer(name, command, args, report) {
  console.log(`\n━━ ${name} ━━`)
  const started = Date.now()
  try {
    await run(command, args)
  } finally {
    if (report) {
      try {
        counts.push({ name, ...countFrom(report) })
      } catch {
        // the layer failed before writing its report; the error above says why
      }
    }
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

const chromium = await ensureChromium()
process.env.CHROMIUM_PATH = chromium

try {
  await layer('format', 'prettier', ['--check', '--log-level', 'warn', '.'])
  await layer('lint', 'eslint', ['.', '--max-warnings', '0'])
  await layer('types', 'tsc', ['--noEmit', '-p', 'tsconfig.json'])
  const unit = join(reports, 'unit.json')
  await layer(
    'unit and server tests',
    'vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unit}`],
    unit,
  )
  await layer('build', 'vite', ['build', '--logLevel', 'warn'])
  const stories = join(reports, 'stories.json')
  await layer(
    'stories in Chromium',
    'node',
    ['scripts/test-storybook.mjs', '--json', '--outputFile', stories],
    stories,
  )
  const e2e = join(reports, 'e2e.json')
  await layer(
    'end to end in Chromium',
    'vitest',
    [
      'run',
      '--config',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${e2e}`,
    ],
    e2e,
  )
  // Sizes of the build above (docs/performance.md), read from dist/: a size check, never a timing.
  // Last, so a page over budget does not hide what the story and journey layers have to say.
  const budget = join(reports, 'budget.json')
  await layer(
    'first-load budget',
    'vitest',
    [
      'run',
      '--config',
      'scripts/budget.vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${budget}`,
    ],
    budget,
  )
} catch (error) {
  console.error(`\n✗ ${error.message}`)
  process.exitCode = 1
} finally {
  console.log('\n━━ totals ━━')
  for (const c of counts) {
    console.log(`${c.name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`)
  }
  const passed = counts.reduce((sum, c) => sum + c.passed, 0)
  const failed = counts.reduce((sum, c) => sum + c.failed, 0)
  const skipped = counts.reduce((sum, c) => sum + c.skipped, 0)
  if (process.exitCode) console.log('A layer failed; later layers did not run.')
  console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
}
