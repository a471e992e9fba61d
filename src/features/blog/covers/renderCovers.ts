// Draws the blog's covers and writes them to public/blog/images: each a 1200×630 WebP, a 600-wide
// WebP and a JPEG for social previews, plus the fallback shown when a cover cannot load. Run it
// after changing a drawing: `npx tsx src/features/blog/covers/renderCovers.ts`. The pictures are
// vector drawings in the theme's colours, encoded by Chromium, so no image tool is needed.
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { brand, grey, status } from '@/lib/theme/tokens'
import { COVER_HEIGHT, COVER_WIDTH } from '../lib/covers'

const OUT_DIR = path.resolve(import.meta.dirname, '../../../../public/blog/images')
const W = COVER_WIDTH
const H = COVER_HEIGHT
const white = grey[50]

/** A diagonal gradient with soft light and a faint dot grid: every cover's ground. */
function ground(id: string, from: string, to: string) {
  return `
  <defs>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="${id}-glow" cx="0.8" cy="0.15" r="0.7">
      <stop offset="0" stop-color="${white}" stop-opacity="0.28"/>
      <stop offset="1" stop-color="${white}" stop-opacity="0"/>
    </radialGradient>
    <pattern id="${id}-dots" width="28" height="28" patternUnits="userSpaceOnUse">
      <circle cx="2" cy="2" r="1.6" fill="${white}" fill-opacity="0.14"/>
    </pattern>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#${id})"/>
  <rect width="${W}" height="${H}" fill="url(#${id}-dots)"/>
  <rect width="${W}" height="${H}" fill="url(#${id}-glow)"/>`
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`

const integration = svg(`
  ${ground('g', brand[800], brand[500])}
  <g transform="translate(130 150)">
    <rect width="380" height="300" rx="28" fill="${white}"/>
    <rect width="380" height="58" rx="28" fill="${grey[200]}"/>
    <rect y="30" width="380" height="28" fill="${grey[200]}"/>
    <circle cx="38" cy="29" r="9" fill="${status.error.light}"/>
    <circle cx="66" cy="29" r="9" fill="${status.warning.dark}"/>
    <circle cx="94" cy="29" r="9" fill="${status.success.dark}"/>
    <rect x="36" y="96" width="200" height="18" rx="9" fill="${brand[600]}"/>
    <rect x="36" y="136" width="300" height="14" rx="7" fill="${grey[300]}"/>
    <rect x="36" y="166" width="260" height="14" rx="7" fill="${grey[300]}"/>
    <rect x="36" y="196" width="280" height="14" rx="7" fill="${grey[300]}"/>
    <rect x="36" y="236" width="120" height="34" rx="17" fill="${brand[500]}"/>
  </g>
  <g transform="translate(800 140)" fill="${white}">
    ${[0, 110, 220]
      .map(
        (y) => `<rect y="${y}" width="270" height="90" rx="22" fill-opacity="0.95"/>
    <circle cx="40" cy="${y + 45}" r="11" fill="${status.success.dark}"/>
    <rect x="70" y="${y + 38}" width="150" height="14" rx="7" fill="${grey[300]}"/>`,
      )
      .join('')}
  </g>
  <g fill="none" stroke-linecap="round" stroke-width="10">
    <path d="M520 250 C 640 250, 680 220, 790 220" stroke="${white}"/>
    <path d="M790 360 C 680 360, 640 390, 520 390" stroke="${brand[200]}"/>
  </g>
  <path d="M770 200 L800 220 L770 240 Z" fill="${white}"/>
  <path d="M540 370 L510 390 L540 410 Z" fill="${brand[200]}"/>`)

/** Ten tiles, one simple sign each: card, chat, mail, send, code, spark, bank, calendar, ledger, bell. */
function tileGlyph(index: number) {
  const s = `stroke="${white}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"`
  const glyphs = [
    `<rect x="-44" y="-30" width="88" height="60" rx="10" ${s}/><path d="M-44 -10 H44" ${s}/>`,
    `<path d="M-40 -30 H40 A10 10 0 0 1 50 -20 V14 A10 10 0 0 1 40 24 H-6 L-28 40 V24 H-40 A10 10 0 0 1 -50 14 V-20 A10 10 0 0 1 -40 -30 Z" ${s}/>`,
    `<rect x="-46" y="-32" width="92" height="64" rx="8" ${s}/><path d="M-44 -28 L0 6 L44 -28" ${s}/>`,
    `<path d="M-44 0 L44 -36 L24 40 L4 10 Z M4 10 L44 -36" ${s}/>`,
    `<path d="M-18 -30 L-44 0 L-18 30 M18 -30 L44 0 L18 30" ${s}/>`,
    `<path d="M0 -40 L10 -10 L40 0 L10 10 L0 40 L-10 10 L-40 0 L-10 -10 Z" ${s}/>`,
    `<path d="M-46 -14 L0 -42 L46 -14 Z M-34 -4 V28 M-12 -4 V28 M12 -4 V28 M34 -4 V28 M-48 38 H48" ${s}/>`,
    `<rect x="-42" y="-32" width="84" height="72" rx="10" ${s}/><path d="M-42 -8 H42 M-20 -44 V-22 M20 -44 V-22" ${s}/>`,
    `<rect x="-34" y="-42" width="68" height="84" rx="8" ${s}/><path d="M-18 -18 H18 M-18 2 H18 M-18 22 H6" ${s}/>`,
    `<path d="M-30 20 V-6 A30 30 0 0 1 30 -6 V20 L40 30 H-40 Z M-10 38 A10 10 0 0 0 10 38" ${s}/>`,
  ]
  return glyphs[index]!
}

const topTen = svg(`
  ${ground('g', status.info.light, status.success.light)}
  ${Array.from({ length: 10 }, (_, index) => {
    const x = 110 + (index % 5) * 200
    const y = 120 + Math.floor(index / 5) * 210
    return `<g transform="translate(${x} ${y})">
      <rect width="170" height="170" rx="34" fill="${white}" fill-opacity="0.16" stroke="${white}" stroke-opacity="0.45" stroke-width="3"/>
      <g transform="translate(85 85)">${tileGlyph(index)}</g>
    </g>`
  }).join('')}`)

const security = svg(`
  ${ground('g', brand[900], brand[600])}
  <g fill="none" stroke="${white}">
    <circle cx="600" cy="315" r="250" stroke-opacity="0.12" stroke-width="3"/>
    <circle cx="600" cy="315" r="190" stroke-opacity="0.2" stroke-width="3"/>
    <circle cx="600" cy="315" r="130" stroke-opacity="0.3" stroke-width="3" stroke-dasharray="12 14"/>
  </g>
  <g stroke="${brand[200]}" stroke-width="8" stroke-linecap="round" stroke-dasharray="2 26">
    <path d="M60 315 H420"/><path d="M780 315 H1140"/>
  </g>
  <path d="M600 150 L730 200 V300 C730 390 670 450 600 480 C530 450 470 390 470 300 V200 Z" fill="${white}"/>
  <path d="M600 175 L705 215 V300 C705 375 658 425 600 452 C542 425 495 375 495 300 V215 Z" fill="${brand[500]}"/>
  <circle cx="600" cy="290" r="34" fill="${white}"/>
  <path d="M584 300 L578 372 H622 L616 300 Z" fill="${white}"/>
  <g transform="translate(160 250)" fill="${white}" fill-opacity="0.9">
    <rect y="30" width="90" height="70" rx="12"/>
    <path d="M18 30 V14 A27 27 0 0 1 72 14 V30" fill="none" stroke="${white}" stroke-opacity="0.9" stroke-width="12"/>
  </g>
  <g transform="translate(950 250)" fill="${white}" fill-opacity="0.9">
    <rect y="30" width="90" height="70" rx="12"/>
    <path d="M18 30 V14 A27 27 0 0 1 72 14 V30" fill="none" stroke="${white}" stroke-opacity="0.9" stroke-width="12"/>
  </g>`)

const guide = svg(`
  ${ground('g', status.warning.light, status.warning.dark)}
  ${[0, 1, 2, 3, 4]
    .map((step) => {
      const x = 150 + step * 190
      const h = 90 + step * 70
      return `<rect x="${x}" y="${540 - h}" width="170" height="${h}" rx="22" fill="${white}" fill-opacity="${0.35 + step * 0.13}"/>`
    })
    .join('')}
  <path d="M235 430 L425 360 L615 290 L805 220 L995 150" fill="none" stroke="${brand[800]}" stroke-width="8" stroke-linecap="round" stroke-dasharray="4 18"/>
  ${[0, 1, 2, 3]
    .map(
      (step) =>
        `<circle cx="${235 + step * 190}" cy="${430 - step * 70}" r="16" fill="${brand[800]}" stroke="${white}" stroke-width="6"/>`,
    )
    .join('')}
  <path d="M995 150 V40" stroke="${brand[900]}" stroke-width="10" stroke-linecap="round"/>
  <path d="M1000 44 H1100 L1076 74 L1100 104 H1000 Z" fill="${brand[700]}"/>`)

const testing = svg(`
  ${ground('g', status.success.light, status.info.light)}
  <g transform="translate(120 110)">
    <rect width="520" height="410" rx="32" fill="${white}"/>
    ${[0, 1, 2, 3]
      .map((row) => {
        const y = 50 + row * 88
        const passed = row !== 2
        const mark = passed
          ? `<path d="M44 ${y + 30} L62 ${y + 48} L96 ${y + 12}" fill="none" stroke="${white}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`
          : `<path d="M54 ${y + 14} L86 ${y + 46} M86 ${y + 14} L54 ${y + 46}" stroke="${white}" stroke-width="9" stroke-linecap="round"/>`
        return `<rect x="36" y="${y}" width="68" height="60" rx="16" fill="${passed ? status.success.light : status.error.light}"/>${mark}
        <rect x="130" y="${y + 14}" width="${300 - row * 30}" height="14" rx="7" fill="${grey[400]}"/>
        <rect x="130" y="${y + 38}" width="${200 + row * 20}" height="10" rx="5" fill="${grey[200]}"/>`
      })
      .join('')}
  </g>
  <g transform="translate(720 110)">
    ${[status.success.dark, status.success.dark, status.error.light, status.success.dark]
      .map(
        (color, index) =>
          `<circle cx="${40 + index * 100}" cy="40" r="30" fill="${color}" stroke="${white}" stroke-width="6"/>`,
      )
      .join('')}
    <rect y="120" width="360" height="280" rx="28" fill="${white}" fill-opacity="0.2" stroke="${white}" stroke-opacity="0.6" stroke-width="3"/>
    <path d="M40 180 H200 M40 220 H280 M40 260 H160 M40 300 H240" stroke="${white}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="250" cy="270" r="70" fill="none" stroke="${grey[900]}" stroke-width="16"/>
    <path d="M300 320 L350 370" stroke="${grey[900]}" stroke-width="22" stroke-linecap="round"/>
  </g>`)

const fallback = svg(`
  ${ground('g', grey[600], grey[400])}
  <g transform="translate(450 165)" fill="none" stroke="${white}" stroke-width="14" stroke-linejoin="round" stroke-linecap="round">
    <rect width="300" height="300" rx="36"/>
    <circle cx="205" cy="95" r="32"/>
    <path d="M30 250 L120 150 L180 215 L215 180 L270 250"/>
  </g>`)

const covers: Record<string, string> = {
  'api-integration-guide-2024': integration,
  'top-10-apis-startup-should-know': topTen,
  'api-security-best-practices': security,
  'complete-guide-api-integration-entrepreneurs': guide,
  'how-to-test-apis-effectively': testing,
  fallback,
}

type Encoding = {
  suffix: string
  width: number
  type: 'image/webp' | 'image/jpeg'
  quality: number
}
const ENCODINGS: Encoding[] = [
  { suffix: '.webp', width: W, type: 'image/webp', quality: 0.82 },
  { suffix: '-600.webp', width: 600, type: 'image/webp', quality: 0.82 },
  { suffix: '.jpg', width: W, type: 'image/jpeg', quality: 0.86 },
]

mkdirSync(OUT_DIR, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  const page = await browser.newPage()
  for (const [name, drawing] of Object.entries(covers)) {
    // The fallback only ever replaces a failed cover on the page: no social copy, no small copy.
    const encodings = name === 'fallback' ? ENCODINGS.slice(0, 1) : ENCODINGS
    for (const encoding of encodings) {
      const dataUrl = await page.evaluate(
        async ({ drawing, width, height, type, quality }) => {
          const image = new Image()
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawing)}`
          await image.decode()
          const canvas = document.createElement('canvas')
          canvas.width = width
          canvas.height = height
          canvas.getContext('2d')!.drawImage(image, 0, 0, width, height)
          return canvas.toDataURL(type, quality)
        },
        {
          drawing,
          width: encoding.width,
          height: Math.round((encoding.width * H) / W),
          type: encoding.type,
          quality: encoding.quality,
        },
      )
      const file = path.join(OUT_DIR, `${name}${encoding.suffix}`)
      writeFileSync(file, Buffer.from(dataUrl.split(',')[1]!, 'base64'))
      console.log(
        `${path.relative(process.cwd(), file)}: ${(statSync(file).size / 1024).toFixed(1)} KB`,
      )
    }
  }
} finally {
  await browser.close()
}
