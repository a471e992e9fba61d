// Small helpers shared by the npm scripts: run a command, find Chromium, serve a folder.
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'

export function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise()
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))
    })
  })
}

/** Debian's Chromium, or CHROMIUM_PATH; installed with apt when missing and we are root. */
export async function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (existsSync(path)) return path
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Chromium is missing at ${path}; installing Debian's chromium package…`)
    await run('apt-get', ['update', '-qq'])
    await run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (existsSync(path)) return path
  }
  console.error(
    `Chromium was not found at ${path}.\n` +
      'The story and end-to-end tests need it. Install it with `sudo apt-get install -y chromium`\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.',
  )
  process.exit(1)
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
}

/** Serves a built folder on 127.0.0.1 (a free port); resolves to `{ url, close }`. */
export function serveStatic(root) {
  const base = resolve(root)
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = normalize(join(base, pathname))
    if (!file.startsWith(base)) {
      res.writeHead(403).end()
      return
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
    if (!existsSync(file)) {
      res.writeHead(404).end('Not found')
      return
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  return new Promise((resolvePromise) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      resolvePromise({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(done)),
      })
    })
  })
}

/** What a build is made from: every file of the repository but tests, benchmarks and docs. */
const NOT_BUILD_INPUT = /^(e2e|bench|docs|\.ci)\/|\.(test|e2e)\.tsx?$|^README\.md$/

/** A digest of the build's inputs as they are on disk now; null when git cannot list them. */
export function sourcesDigest() {
  let files
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\0')
      .filter((file) => file && !NOT_BUILD_INPUT.test(file) && existsSync(file))
      .sort()
  } catch {
    return null
  }
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update('\0').update(readFileSync(file)).update('\0')
  return hash.digest('hex')
}

const stampOf = (dir) => join(dir, '.atlas-sources')

/** True when `dir` holds a whole build made from the sources whose digest is given. */
export function isBuiltFrom(dir, digest) {
  if (!digest || !existsSync(join(dir, 'index.html')) || !existsSync(stampOf(dir))) return false
  return readFileSync(stampOf(dir), 'utf8').trim() === digest
}

/** Notes, after a build into `dir`, the digest of the sources it was made from (taken before). */
export function recordBuild(dir, digest) {
  if (digest) writeFileSync(stampOf(dir), `${digest}\n`)
}
