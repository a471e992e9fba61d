// Builds Storybook, serves the build and runs every story's play function and accessibility check
// in Chromium with @storybook/test-runner. `--no-build` reuses the last build; STORYBOOK_OUT picks
// the build folder (default storybook-static), so two runs at once need not share one.
import { ensureChromium, run, serveStatic } from './lib.mjs'

const chromium = await ensureChromium()
const out = process.env.STORYBOOK_OUT || 'storybook-static'
const passThrough = process.argv.slice(2).filter((arg) => arg !== '--no-build')

if (!process.argv.includes('--no-build')) {
  await run('storybook', ['build', '--quiet', '--test', '-o', out])
}

const site = await serveStatic(out)
try {
  await run(
    'test-storybook',
    ['--url', site.url, '--maxWorkers=2', '--failOnConsole', ...passThrough],
    {
      env: { ...process.env, CHROMIUM_PATH: chromium, TARGET_URL: site.url },
    },
  )
} finally {
  await site.close()
}
