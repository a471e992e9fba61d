// `npm start`: builds the site when the sources are newer than the build, then runs the server
// (TypeScript, through tsx) in this same process so signals reach it directly.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { run } from './lib.mjs'

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  )
}

const built = 'dist/index.html'
const needsBuild =
  !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs
if (needsBuild && process.env.SKIP_BUILD !== '1') {
  console.log('Building the site…')
  // Always a production build: under a test runner NODE_ENV is 'test', which would give React's
  // development build and no service worker registration (import.meta.env.PROD false).
  await run('vite', ['build', '--logLevel', 'warn'], {
    env: { ...process.env, NODE_ENV: 'production' },
  })
}

const { register } = await import('tsx/esm/api')
register()
await import('../server/index.ts')
