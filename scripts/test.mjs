// `npm test`: every layer, independent ones side by side. Three lanes start together: the static
// checks (format, lint, types), the unit and server tests, and the builds (the site, then
// Storybook). As soon as the builds are done, the browser layers (stories, end to end, the
// first-load budget) start beside whatever still runs. A lane stops at its first failure; the run ends when every started
// lane has, with one line of totals over all test layers. Each layer's output is shown whole when
// it ends, so lanes never interleave their lines.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { ensureChromium, isBuiltFrom, recordBuild, sourcesDigest } from './lib.mjs'

const reports = mkdtempSync(join(tmpdir(), 'api-atlas-test-'))
const counts = []
const failures = []
const started = Date.now()
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1)

/**
 * A failure's gist on one line, without the terminal's colours: its first lines up to 600
 * characters, since some runners put the reason on the lines after a bare "Error:".
 */
const gist = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ⏎ ')
    .slice(0, 600)

/** A layer's counts and its failed tests (Jest's JSON report, which Vitest writes too). */
function countFrom(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const failedTests = (report.testResults ?? []).flatMap((result) => {
    const tests = (result.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${test.fullName}: ${gist(test.failureMessages?.[0])}`)
    // A file can fail with none of its tests failed: a hook, or an error while it loaded.
    if (tests.length === 0 && result.status === 'failed') {
      return [`${result.name}: ${gist(result.message || 'failed outside its tests')}`]
    }
    return tests
  })
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests,
    failedTests,
  }
}

/** Runs the command with its output kept, and resolves to its exit code and that output. */
function capture(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${error.message}` }))
    child.on('close', (code, signal) => resolve({ code: code ?? 1, output, signal }))
  })
}

/** One layer: runs it, prints its output under its name, and throws if it failed. */
async function layer(name, command, args, report) {
  const since = Date.now()
  console.log(`▸ ${name} started at ${seconds(started)} s`)
  const { code, output, signal } = await capture(command, args)
  if (report) {
    try {
      counts.push({ name, ...countFrom(report) })
    } catch {
      // the layer failed before writing its report; its output says why
    }
  }
  const mark = code === 0 ? '✓' : '✗'
  console.log(`\n━━ ${name} ━━\n${output.trimEnd()}\n${mark} ${name} (${seconds(since)} s)\n`)
  if (code !== 0) {
    // Errors outside any test (Vitest's "Unhandled Errors") fail a run with no failed test: their
    // gist goes in the totals, where the end of a long run's output shows it.
    const unhandled = stripVTControlCharacters(output).split(/⎯+ Unhandled Errors? ⎯+/)[1]
    const why = unhandled ? ` · unhandled: ${gist(unhandled)}` : ''
    throw new Error(
      `${name}: ${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${why}`,
    )
  }
}

/** A skipped build still says so, with why. */
function skipped(name, why) {
  console.log(`\n━━ ${name} ━━\n${why}\n✓ ${name} (skipped)\n`)
}

/** Runs the steps one after another; a failure ends the lane and is recorded. */
async function lane(steps) {
  try {
    for (const step of steps) await step()
    return true
  } catch (error) {
    failures.push(error.message)
    return false
  }
}

const vitestReport = (name) => {
  const file = join(reports, `${name}.json`)
  return { file, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`] }
}

const chromium = await ensureChromium()
process.env.CHROMIUM_PATH = chromium

const unit = vitestReport('unit')
const e2e = vitestReport('e2e')
const budget = vitestReport('budget')
const stories = join(reports, 'stories.json')

// Taken before anything builds: a source edited during the run gives a build that is not current.
const digest = sourcesDigest()

const checks = lane([
  () => layer('format', 'prettier', ['--check', '--log-level', 'warn', '.']),
  () => layer('lint', 'eslint', ['.', '--max-warnings', '0']),
  () => layer('types', 'tsc', ['--noEmit', '-p', 'tsconfig.json']),
  () => layer('page registry', 'tsx', ['scripts/pageRegistry.ts', '--check']),
])
const unitTests = lane([
  () => layer('unit and server tests', 'vitest', ['run', ...unit.args], unit.file),
])
const builds = lane([
  async () => {
    // The same sources give the same site: a build already made from them is kept.
    if (isBuiltFrom('dist', digest)) return skipped('build', 'dist/ is built from these sources.')
    await layer('build', 'vite', ['build', '--logLevel', 'warn'])
    recordBuild('dist', digest)
  },
  async () => {
    if (isBuiltFrom('storybook-static', digest)) {
      return skipped('Storybook build', 'storybook-static/ is built from these sources.')
    }
    await layer('Storybook build', 'storybook', [
      'build',
      '--quiet',
      '--test',
      '-o',
      'storybook-static',
    ])
    recordBuild('storybook-static', digest)
  },
])
// The browser layers start as soon as the builds are done, beside whatever still runs.
const inBrowsers = builds.then((built) => {
  if (!built) {
    failures.push('The builds failed: the story, end-to-end and budget layers did not run.')
    return
  }
  return Promise.all([
    lane([
      () =>
        layer(
          'stories in Chromium',
          'node',
          ['scripts/test-storybook.mjs', '--no-build', '--json', '--outputFile', stories],
          stories,
        ),
    ]),
    lane([
      () =>
        layer(
          'end to end in Chromium',
          'vitest',
          ['run', '--config', 'vitest.e2e.config.ts', ...e2e.args],
          e2e.file,
        ),
    ]),
    // What a browser downloads of the build above (docs/performance.md): sizes, never timings.
    lane([
      () =>
        layer(
          'first-load budget',
          'vitest',
          ['run', '--config', 'scripts/budget.vitest.config.ts', ...budget.args],
          budget.file,
        ),
    ]),
  ])
})
await Promise.all([checks, unitTests, inBrowsers])

console.log('━━ totals ━━')
for (const c of counts) {
  console.log(`${c.name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`)
}
// Named again here, where the end of a long run's output shows them.
for (const c of counts) for (const test of c.failedTests) console.error(`✗ ${c.name} › ${test}`)
const sum = (key) => counts.reduce((total, c) => total + c[key], 0)
for (const failure of failures) console.error(`✗ ${failure}`)
console.log(`Tests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`)
console.log(`Took ${seconds(started)} s`)
if (failures.length > 0) process.exitCode = 1
