import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { writeFileSync } from 'node:fs'
const url = process.argv[2]!
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
await chrome.kill()
const lhr = r!.lhr
writeFileSync('/tmp/lhr.json', JSON.stringify(lhr))
console.log('score', lhr.categories.performance.score, 'tbt', lhr.audits['total-blocking-time'].numericValue, 'bi', lhr.environment.benchmarkIndex)
for (const id of ['long-tasks', 'bootup-time', 'mainthread-work-breakdown']) {
  const a = lhr.audits[id] as any
  console.log('==', id, a?.displayValue)
  for (const item of (a?.details?.items ?? []).slice(0, 12)) console.log('  ', JSON.stringify(item).slice(0, 220))
}
