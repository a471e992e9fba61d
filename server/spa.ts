import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { escapeMarkup } from '../src/shared/seo/escape'
import { PRERENDERED_ATTRIBUTE, renderTag } from '../src/shared/seo/headMarkup'
import { coverSrcSet } from '../src/shared/seo/coverImage'
import { FIRST_ANSWERS_ID } from '../src/shared/apiRequests'
import {
  CSP_NONCE_PLACEHOLDER,
  SERVER_RENDERED_ATTRIBUTE,
  type RenderedPage,
} from '../src/shared/ssr'
import { headTags } from '../src/shared/seo/heads'
import { isPrivateRoute, matchRoute } from '../src/shared/routes'
import type { Overloaded } from './admission'
import type { Config } from './config'
import {
  chooseCoding,
  createPageEntities,
  matchesIfNoneMatch,
  PRIVATE_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_VARY,
} from './pageCache'
import type { ServedPage } from './seo/pageServer'

// Vite puts content-hashed files under /assets, so they never change under the same name.
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * What a built script or stylesheet need not carry: policies that act on documents only (a script
 * runs under its page's policy), and validators a file cached as immutable is never checked by.
 * Each first load fetches a dozen such files, and these were ~550 of each one's ~800 header bytes
 * (docs/security.md). Kept: nosniff, Cross-Origin-Resource-Policy, the type and the encoding.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'accept-ranges',
  'etag',
  'last-modified',
]
export const STATIC_CACHE_CONTROL = 'public, max-age=600'
/** The service worker is checked on every visit so a new build takes over (docs/offline.md). */
export const SERVICE_WORKER_CACHE_CONTROL = 'no-cache'
/** The worker fetches and caches this site's own files and answers, nothing else. */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'"

const RESERVED_PREFIXES = ['/api', '/auth/v1', '/rest/v1']

/** Paths the server answers itself; never files or client routes. */
export const isReservedPath = (pathname: string) =>
  RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))

/** What a page's policy allows inline, as CSP source expressions: hashes, or one nonce. */
export type InlineSources = { scripts: string[]; styles: string[] }

export const htmlCsp = (
  config: Pick<Config, 'supabaseUrl' | 'publicSiteUrl'>,
  inline: InlineSources,
) => {
  const connect = ["'self'"]
  if (config.supabaseUrl) {
    const origin = new URL(config.supabaseUrl).origin
    connect.push(origin, origin.replace(/^http/, 'ws'))
  }
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline.scripts].join(' '),
    ["style-src 'self'", ...inline.styles].join(' '),
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.publicSiteUrl.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/** A staff page's policy: its inline scripts and Emotion's styles carry this response's nonce. */
export const nonceSources = (nonce: string): InlineSources => ({
  scripts: [`'nonce-${nonce}'`],
  styles: [`'nonce-${nonce}'`],
})

/** The CSP source that allows an inline script or style element with exactly this text. */
export const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * The hash of an empty style element. Emotion adds each of its run-time style sheets empty and
 * fills it through the CSSOM (insertRule, its production mode), which no policy governs: so a
 * public page allows an empty <style>, and never a <style> with text it did not write itself
 * (docs/security.md, "Styles on public pages").
 */
export const EMPTY_STYLE_SOURCE = hashSource('')

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi
const RUNNABLE_TYPE = /^(|module|(text|application)\/(java|ecma)script)$/i

/**
 * The text of every inline script that runs in a page's markup: no src, and no type or a script
 * type (a JSON data block never runs, so no policy applies to it).
 */
export const inlineScripts = (html: string) =>
  [...html.matchAll(SCRIPT_ELEMENT)]
    .filter(([, attrs]) => {
      if (/\ssrc\s*=/i.test(attrs!)) return false
      const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs!)
      return RUNNABLE_TYPE.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim())
    })
    .map(([, , text]) => text!)

/** index.html as a public page sends it: without the nonce placeholder and Emotion's nonce meta. */
export const publicTemplateOf = (template: string) => {
  const page = template
    .replace(/\s*<meta property="csp-nonce"[^>]*>/, '')
    .replaceAll(` nonce="${CSP_NONCE_PLACEHOLDER}"`, '')
  if (page.includes(CSP_NONCE_PLACEHOLDER)) {
    throw new Error(`index.html carries ${CSP_NONCE_PLACEHOLDER} outside a nonce attribute`)
  }
  return page
}

const unique = (sources: string[]) => [...new Set(sources)]

/**
 * A page is public unless the route table says it is for staff or one of the internal mock-ups
 * (src/shared/routes.ts): unknown addresses, / and /redirect get the same shell for everyone.
 */
export const isPrivatePage = (pathname: string) => {
  const match = matchRoute(pathname)
  return match !== undefined && isPrivateRoute(match.id)
}

const hasExtension = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname.split('/').pop() ?? '')

/**
 * A source map holds every source file's text: never sent, even if a build left one in dist/
 * (the site's build keeps them out, scripts/vitePlugins.ts), nor a compressed
 * copy of one asked for by its own name.
 */
const isSourceMap = (pathname: string) => /\.map(\.br|\.gz)?$/i.test(pathname)

/** A page's address: no extension, or .html (the legacy /apis/api-detail.html). */
const isPageAddress = (pathname: string) => !hasExtension(pathname) || pathname.endsWith('.html')

/**
 * Whether a miss should get the app's page. Browser navigations send text/html; clients that
 * accept anything (curl) get it only for page addresses outside /assets, so a missing script
 * answers 404 rather than HTML of the wrong type.
 */
export const wantsPage = (request: FastifyRequest, pathname: string) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (isReservedPath(pathname)) return false
  const accept = request.headers.accept ?? '*/*'
  if (accept.includes('text/html')) return true
  return accept.includes('*/*') && !pathname.startsWith('/assets/') && isPageAddress(pathname)
}

export type Spa = {
  /**
   * Answers the app's index.html, or 503 when the site is not built. With a described page, its
   * head and main text are in the HTML already, and its status (404 for an unknown API or blog
   * post) goes with it. A public page is the same bytes for every visitor, with a validator, a
   * policy without a nonce and headers a CDN may keep; a staff or mock-up page gets a fresh
   * nonce and is never stored.
   */
  sendPage: (reply: FastifyReply, page?: ServedPage, isPrivate?: boolean) => FastifyReply
  /**
   * The app's shell with 503 and Retry-After, kept by no one: a page that could not be drawn now
   * (admission.ts shed it). The app still starts and asks /api for its own data.
   */
  sendBusy: (reply: FastifyReply, overload: Overloaded) => FastifyReply
}

/** A day as the blog shows it, `January 20, 2024`, wherever the server runs. */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/** The page's main text: heading, summary, then its byline and the pages it lists, if any. */
const renderBody = (page: ServedPage) => {
  const parts = [`<h1>${escapeMarkup(page.heading)}</h1>`, `<p>${escapeMarkup(page.summary)}</p>`]
  if (page.byline) {
    const { author, date } = page.byline
    const day = dayFormat.format(new Date(`${date}T00:00:00Z`))
    parts.push(
      `<p>By ${escapeMarkup(author)} · <time datetime="${escapeMarkup(date)}">${escapeMarkup(day)}</time></p>`,
    )
  }
  if (page.items?.length) {
    const items = page.items.map(
      (item) =>
        `<li><h2>${
          item.path
            ? `<a href="${escapeMarkup(item.path)}">${escapeMarkup(item.title)}</a>`
            : escapeMarkup(item.title)
        }</h2>${item.summary ? `<p>${escapeMarkup(item.summary)}</p>` : ''}</li>`,
    )
    parts.push(`<ul>${items.join('')}</ul>`)
  }
  return `<div ${PRERENDERED_ATTRIBUTE}="">${parts.join('')}</div>`
}

/**
 * The page's first answers as a JSON data block (never run, so CSP does not apply), which the app
 * reads before its first render (src/app/firstAnswers.ts). Its text comes with `<` escaped
 * (server/seo/firstAnswers.ts), so no text in a catalogue record can close the block.
 */
const firstAnswersBlock = (json: string | undefined) =>
  json ? `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>` : ''

/** index.html with the page's head in place of the default title and its text inside #root. */
export const pageHtml = (template: string, siteUrl: string, page: ServedPage) => {
  const tags = headTags(page.head, siteUrl)
  if (page.preloadCover) {
    // The same candidates and sizes as the page's <img>, so the browser fetches the one it will
    // draw, while the scripts are still on their way.
    const { image, sizes } = page.preloadCover
    tags.push({
      tag: 'link',
      attrs: {
        rel: 'preload',
        as: 'image',
        href: image,
        imagesrcset: coverSrcSet(image),
        imagesizes: sizes,
        fetchpriority: 'high',
      },
    })
  }
  // The rendered page's own head (the colour-scheme script) first, so it runs before any paint.
  const head = [page.rendered?.head ?? '', ...tags.map(renderTag)].filter(Boolean).join('\n    ')
  const root = page.rendered
    ? `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${escapeMarkup(page.rendered.url)}">${page.rendered.body}</div>`
    : `<div id="root">${renderBody(page)}</div>`
  const withHead = /<title>[^<]*<\/title>/.test(template)
    ? template.replace(/<title>[^<]*<\/title>/, () => head)
    : template.replace('</head>', () => `${head}\n  </head>`)
  return withHead.replace(
    '<div id="root"></div>',
    () => `${root}${firstAnswersBlock(page.firstAnswers)}`,
  )
}

/** Serves config.staticDir when it exists; index.html only through sendPage. */
export const registerSpa = (app: FastifyInstance, config: Config): Spa => {
  const indexFile = path.join(config.staticDir, 'index.html')
  if (!existsSync(indexFile)) {
    return {
      sendPage: (reply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            `The site is not built yet (no ${indexFile}). Run \`npm run build\`, then restart the server.\n`,
          ),
      sendBusy: (reply, overload) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('retry-after', String(overload.retryAfterS))
          .send(`${overload.message}\n`),
    }
  }

  const template = readFileSync(indexFile, 'utf8')
  const assetsDir = path.join(config.staticDir, 'assets') + path.sep

  app.register(fastifyStatic, {
    root: config.staticDir,
    index: false,
    redirect: false,
    cacheControl: false,
    // dist/ holds .br and .gz of every text file (scripts/vitePlugins.ts): no compressing per request.
    preCompressed: true,
    // dist/.vite (the build manifest) is for scripts, not visitors.
    dotfiles: 'ignore',
    // The raw index.html has no nonce; directories and server paths are not files. Every built
    // file has an extension, so a page address (/apis, /blog/a-post) goes straight to the page
    // handler without the file-system lookups (on libuv's shared pool) a miss would cost.
    allowedPath: (pathname) =>
      pathname !== '/index.html' &&
      !pathname.endsWith('/') &&
      !isReservedPath(pathname) &&
      hasExtension(pathname) &&
      !isSourceMap(pathname),
    setHeaders: (reply, filePath) => {
      if (/[/\\]sw\.js(\.br|\.gz)?$/.test(filePath)) {
        // A worker runs under its script's policy: the JSON default ('none') would block its fetches.
        reply.header('cache-control', SERVICE_WORKER_CACHE_CONTROL)
        reply.header('content-security-policy', SERVICE_WORKER_CSP)
        return
      }
      if (!filePath.startsWith(assetsDir)) {
        reply.header('cache-control', STATIC_CACHE_CONTROL)
        return
      }
      reply.header('cache-control', ASSET_CACHE_CONTROL)
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header)
    },
  })

  const publicTemplate = publicTemplateOf(template)
  // The shell's own scripts (the early-input handler, the app's starter), hashed once.
  const templateScripts = inlineScripts(publicTemplate).map(hashSource)
  const publicSources = new WeakMap<RenderedPage, InlineSources>()
  const sourcesOf = (rendered: RenderedPage | undefined): InlineSources => {
    if (!rendered) return { scripts: templateScripts, styles: [EMPTY_STYLE_SOURCE] }
    let sources = publicSources.get(rendered)
    if (!sources) {
      sources = {
        scripts: unique([...templateScripts, ...rendered.scripts.map(hashSource)]),
        styles: unique([EMPTY_STYLE_SOURCE, ...rendered.styles.map(hashSource)]),
      }
      publicSources.set(rendered, sources)
    }
    return sources
  }
  const entities = createPageEntities()
  const build = (page: ServedPage | undefined) => {
    const html = page ? pageHtml(publicTemplate, config.publicSiteUrl, page) : publicTemplate
    const policy = htmlCsp(config, sourcesOf(page?.rendered))
    return { entity: entities(html, policy), policy }
  }
  type Built = ReturnType<typeof build>
  // A drawn page's heavy parts (its markup, data block and list) are one object the collector
  // keeps for 30 s (server/seo/pageServer.ts) with the rest of the page, a few hundred bytes.
  // So a page is assembled and hashed once per drawing and head, not on every visit: a visit, a
  // 304 above all, costs lookups. Entities outlive a drawing (kept by digest), so a page drawn
  // again the same keeps its validator and compressed copies.
  const assembled = new WeakMap<RenderedPage, Map<string, Built>>()
  const publicEntity = (page: ServedPage | undefined): Built => {
    if (!page?.rendered) return build(page)
    const { rendered, firstAnswers, items, ...described } = page
    let byHead = assembled.get(rendered)
    if (!byHead) {
      byHead = new Map()
      assembled.set(rendered, byHead)
    }
    // The block and the list come with the drawing (server/seo/pageServer.ts); their sizes guard that.
    const key = JSON.stringify([described, firstAnswers?.length, items?.length])
    let built = byHead.get(key)
    if (!built) {
      built = build(page)
      byHead.set(key, built)
    }
    return built
  }

  const sendPrivatePage = (reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64')
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', PRIVATE_PAGE_CACHE_CONTROL)
      .header('content-security-policy', htmlCsp(config, nonceSources(nonce)))
      .send(template.replaceAll(CSP_NONCE_PLACEHOLDER, nonce))
  }

  return {
    sendBusy: (reply, overload) => {
      const { entity, policy } = build(undefined)
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('retry-after', String(overload.retryAfterS))
        .header('content-security-policy', policy)
        .send(entity.body('identity'))
    },
    sendPage: (reply, page, isPrivate = false) => {
      const { request } = reply
      if (!page && isPrivate) return sendPrivatePage(reply)
      const { entity, policy } = publicEntity(page)
      const status = page?.status ?? 200
      const coding = chooseCoding(request.headers['accept-encoding'])
      reply
        .header('cache-control', PUBLIC_PAGE_CACHE_CONTROL)
        .header('vary', PUBLIC_PAGE_VARY)
        .header('content-security-policy', policy)
      // Conditions apply to a page that exists (RFC 9110 13.1): a 404 is sent whole, uncached
      // by the browser, kept by a CDN as briefly as a page.
      if (status === 200) {
        const etag = entity.etag(coding)
        reply.header('etag', etag)
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
          return reply.code(304).send()
        }
      }
      if (coding !== 'identity') reply.header('content-encoding', coding)
      return reply.code(status).type('text/html; charset=utf-8').send(entity.body(coding))
    },
  }
}
