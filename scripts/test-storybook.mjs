// Builds Storybook, serves the build and runs every story's play function and accessibility check
// in Chromium with @storybook/test-runner. A build made from the same sources is kept (npm test
// leaves one); `--no-build` uses the last build whatever it was made from; STORYBOOK_OUT picks the
// build folder (default storybook-static), so two runs at once need not share one.
import { spawn } from 'node:child_process'
import {
  ensureChromium,
  isBuiltFrom,
  recordBuild,
  run,
  serveStatic,
  sourcesDigest,
} from './lib.mjs'

/**
 * The runner's own known flake (storybookjs/test-runner#68): its page loses the helpers it put
 * there, and every story of one file fails with this before its play function starts. Only a run
 * whose failures say so is run once more; any other failure stands.
 */
const RUNNER_LOST_ITS_PAGE = '__test is not defined'

/** Runs the command with its output shown as it comes, and resolves to its exit code and output. */
function runShowing(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['inherit', 'pipe', 'pipe'] })
    let output = ''
    const keep = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk
        target.write(chunk)
      })
    keep(child.stdout, process.stdout)
    keep(child.stderr, process.stderr)
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

const chromium = await ensureChromium()
const out = process.env.STORYBOOK_OUT || 'storybook-static'
const passThrough = process.argv.slice(2).filter((arg) => arg !== '--no-build')

if (!process.argv.includes('--no-build')) {
  const digest = sourcesDigest()
  if (isBuiltFrom(out, digest)) console.log(`${out}/ is built from these sources: kept.`)
  else {
    await run('storybook', ['build', '--quiet', '--test', '-o', out])
    recordBuild(out, digest)
  }
}

const site = await serveStatic(out)
try {
  const testStories = () =>
    runShowing(
      'test-storybook',
      ['--url', site.url, '--maxWorkers=2', '--failOnConsole', ...passThrough],
      {
        env: { ...process.env, CHROMIUM_PATH: chromium, TARGET_URL: site.url },
      },
    )
  let { code, output } = await testStories()
  if (code !== 0 && output.includes(RUNNER_LOST_ITS_PAGE)) {
    console.warn(
      `\nThe test runner lost its page ("${RUNNER_LOST_ITS_PAGE}", storybookjs/test-runner#68): every story runs once more.\n`,
    )
    ;({ code } = await testStories())
  }
  process.exitCode = code ?? 1
} finally {
  await site.close()
}
