// Public pages as a cache can keep them: one entity per distinct page, with a strong
// validator over its exact bytes and its compressed copies made once, not on every visit.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib'

/**
 * What a shared cache (a CDN) may do with a public page, and why:
 * - `max-age=0`: a browser's copy is stale at once, so it asks again with the page's ETag and
 *   mostly gets a 304 of a few hundred bytes.
 * - `s-maxage=60`: a CDN answers for a minute without asking. A catalogue change then shows
 *   everywhere within a minute, and an origin serves each page at most about once a minute per
 *   CDN node however busy it is.
 * - `stale-while-revalidate=600`: for ten minutes after that the CDN may answer at once with the
 *   page it has while it asks the origin in the background, so no visitor waits on a revalidation
 *   and a short origin outage goes unseen. Old HTML names old hashed files: keep a deploy's
 *   `/assets` for at least these 11 minutes after the next one (docs/instances.md, "Behind a CDN").
 * No `must-revalidate`: it would forbid the stale answers stale-while-revalidate allows.
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  'public, max-age=0, s-maxage=60, stale-while-revalidate=600'

/** Staff and internal pages: never kept by a browser, a CDN or a proxy. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'no-store'

/** What a public page varies by: its compression only (no cookie, header or address is read). */
export const PUBLIC_PAGE_VARY = 'accept-encoding'

export type Coding = 'br' | 'gzip' | 'deflate' | 'identity'

/** In order of preference between codings the client accepts equally (as @fastify/compress). */
const CODINGS: Exclude<Coding, 'identity'>[] = ['br', 'gzip', 'deflate']

/**
 * The coding to send for an Accept-Encoding header: of br, gzip and deflate, the one with the
 * highest q above 0 (`*` stands for any not named), ties in that order; identity when none is
 * acceptable or the header is missing.
 */
export function chooseCoding(header: string | undefined): Coding {
  if (!header) return 'identity'
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part
      .toLowerCase()
      .split(';')
      .map((piece) => piece.trim())
    if (!name) continue
    // A q that is not a number from 0 to 1 counts as 0: such a coding is not asked for.
    const q = params.find((param) => /^q\s*=/.test(param))?.replace(/^q\s*=\s*/, '')
    const weight = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : 0
    weights.set(name, weight)
  }
  let best: Coding = 'identity'
  let bestWeight = 0
  for (const coding of CODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}

/**
 * Whether an If-None-Match header names this entity tag (weak comparison, as RFC 9110 13.1.2
 * asks of If-None-Match), or is `*`.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string) {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}

const ETAG_SUFFIX: Record<Coding, string> = { identity: '', br: '-br', gzip: '-gz', deflate: '-df' }

/**
 * Brotli at 5 rather than the 1 that on-the-fly compression uses (server/app.ts): a page is
 * compressed once per change now, not once per visit. On the Stripe page (185 KB), measured here:
 * quality 1 takes 2.5 ms for 31.7 KB, 5 takes 5 ms for 24.8 KB, 11 would hold the event loop for
 * 0.2 s for 21.9 KB.
 */
const BROTLI_QUALITY = 5

const encode = (coding: Exclude<Coding, 'identity'>, body: Buffer) => {
  if (coding === 'br') {
    return brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
  }
  return coding === 'gzip' ? gzipSync(body) : deflateSync(body)
}

export type PageEntity = {
  /** The strong validator of the page as sent in this coding: `"<digest>"`, `"<digest>-br"`... */
  etag: (coding: Coding) => string
  /** The page's bytes in this coding, compressed on first use and kept. */
  body: (coding: Coding) => Buffer
}

/**
 * The entity of a page: its digest covers the exact bytes and the policy sent with them, so a
 * changed policy (a new Supabase origin) is a new entity too. Entities are kept by digest, the
 * most recently used `maxEntries` of them, so a page that did not change keeps its compressed
 * copies however often it is rebuilt.
 */
export function createPageEntities(maxEntries = 200) {
  const kept = new Map<string, PageEntity>()
  return (html: string, policy: string): PageEntity => {
    const bytes = Buffer.from(html, 'utf8')
    const digest = createHash('sha256')
      .update(policy)
      .update('\n')
      .update(bytes)
      .digest('base64url')
      .slice(0, 27)
    const hit = kept.get(digest)
    if (hit) {
      kept.delete(digest)
      kept.set(digest, hit)
      return hit
    }
    const encoded = new Map<Coding, Buffer>([['identity', bytes]])
    const entity: PageEntity = {
      etag: (coding) => `"${digest}${ETAG_SUFFIX[coding]}"`,
      body: (coding) => {
        let body = encoded.get(coding)
        if (!body) {
          body = encode(coding as Exclude<Coding, 'identity'>, bytes)
          encoded.set(coding, body)
        }
        return body
      },
    }
    kept.set(digest, entity)
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value!)
    return entity
  }
}
