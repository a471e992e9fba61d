// Screenshots of every story in light and dark, for looking at what we build:
// `node scripts/screenshots.mjs [filter]` after `npm run build-storybook`; PNGs land in screenshots/.
import { mkdirSync, readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { ensureChromium, serveStatic } from './lib.mjs'

const filter = process.argv[2] ?? ''
const index = JSON.parse(readFileSync('storybook-static/index.json', 'utf8'))
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && entry.id.includes(filter),
)
mkdirSync('screenshots', { recursive: true })

const site = await serveStatic('storybook-static')
const browser = await chromium.launch({
  executablePath: await ensureChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    for (const story of stories) {
      await page.goto(
        `${site.url}/iframe.html?id=${story.id}&globals=theme:${theme}&viewMode=story`,
      )
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(400)
      await page.screenshot({ path: `screenshots/${story.id}--${theme}.png`, fullPage: true })
    }
    await page.close()
  }
  console.log(`${stories.length * 2} screenshots in screenshots/`)
} finally {
  await browser.close()
  await site.close()
}
