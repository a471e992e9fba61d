// `npm run bench htmlCache`: a cached public page's throughput against a static file of the same
// size (bench/htmlCache.ts). Writes bench/results/htmlCache.json.
import { measureHtmlCache } from './htmlCache'
import { writeResult } from './lib'

const figures = await measureHtmlCache({
  durationS: Number(process.env.HTML_CACHE_DURATION_S ?? 10),
  rounds: Number(process.env.HTML_CACHE_ROUNDS ?? 3),
})
writeResult('htmlCache', figures)
const errors = figures.staticFile.errors + figures.page200.errors + figures.page304.errors
if (errors > 0) console.error(`${errors} unexpected answers`)
process.exit(errors > 0 ? 1 : 0)
