// A public page in one pass: match its address once, ask its answers once, describe it from them
// (src/shared/pages/), draw it with the app's own components, and hand it to the sender.
import { setImmediate as nextLoopTurn } from 'node:timers/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createGate, overloadOf, type GateLimits } from '../admission'
import { pageOf, pageQueries, type PageMatch } from '../../src/shared/pages/pages'
import { isPartQuery } from '../../src/shared/firstQueries'
import { isPrivateRoute, matchRoute } from '../../src/shared/routes'
import type { DescribedPage, MovedPage, SiteFacts } from '../../src/shared/pages/page'
import type { RenderedPage } from '../../src/shared/ssr'
import { drawingAnswers } from './firstAnswers'
import type { PageRenderer } from './ssr'

/** A described page as the server sends it. */
export type ServedPage = DescribedPage & {
  /** The JSON text of the page's first /api answers (drawingAnswers), `<` escaped. */
  firstAnswers?: string
  /** The page drawn by the app's components (server/seo/ssr.ts), in place of its main text. */
  rendered?: RenderedPage
}

/**
 * How the server answers a page address: the page, a move, or the app's shell (`private` for staff
 * and mock-up pages, which are never stored; public for any other address, and for a page that
 * cannot be described now, whose screen then fetches its own data).
 */
export type PageOutcome =
  | { kind: 'page'; page: ServedPage }
  | { kind: 'moved'; location: string }
  | { kind: 'shell'; private: boolean }

/** How long a drawn page is reused: the catalogue changes only when a new seed loads. */
const REUSE_MS = 30_000
/** Pages kept at most (each answer under MAX_ANSWER_BYTES): the hot pages, not the catalogue. */
const KEPT_PAGES = 200

/**
 * Drawing a page not kept is the costliest thing a visitor can ask for: its answers, then the
 * app's components on the event loop (tens of milliseconds). Two at once (their components draw
 * one at a time), sixteen waiting for at most 2 s; past that the visitor gets the app's shell with
 * 503 and Retry-After (server/app.ts), and the app fetches its own data.
 */
export const PAGE_DRAWING_LIMITS: GateLimits = { concurrency: 2, maxQueued: 16, maxWaitMs: 2_000 }

export type PageServerOptions = {
  siteUrl: string
  site: SiteFacts
  render?: PageRenderer['render']
  now?: () => number
  limits?: GateLimits
}

const publicShell: PageOutcome = { kind: 'shell', private: false }
const privateShell: PageOutcome = { kind: 'shell', private: true }

/**
 * Serves public pages. A page whose answers were all 200 is reused for REUSE_MS, so a busy page
 * costs its route calls once per half minute rather than on every view, and is drawn again only
 * when its answers changed; one with a failed or missing answer is asked again. A page is drawn
 * only with all its first answers in: one missing an answer would be drawn loading, and its text
 * says more to a crawler than a spinner does. Past the drawing gate, a page drawn before is served
 * as it was.
 */
export function pageServer(
  app: FastifyInstance,
  {
    siteUrl,
    site,
    render = async () => null,
    now = Date.now,
    limits = PAGE_DRAWING_LIMITS,
  }: PageServerOptions,
) {
  const kept = new Map<string, { outcome: PageOutcome; until: number }>()
  const drawing = createGate({ name: 'page drawing', ...limits })
  // A drawing runs on the event loop from start to end (hundreds of milliseconds for a large page
  // on a busy machine), and one drawing's end hands the next its turn without leaving the loop's
  // turn: a crowd's drawings ran back to back for over a second while a health probe and kept
  // pages waited. So drawings take turns one at a time, each in a turn of the loop of its own,
  // with what arrived meanwhile served between them; the gate still bounds how many are waiting.
  let lastDrawing: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(drawPage: () => Promise<T>): Promise<T> => {
    const drawn = lastDrawing.then(() => nextLoopTurn()).then(drawPage)
    lastDrawing = drawn.catch(() => undefined)
    return drawn
  }

  async function serve(
    request: FastifyRequest,
    pathname: string,
    search: URLSearchParams,
  ): Promise<PageOutcome> {
    // Only the parameters the page reads: a throwaway one (`?utm_source=…`, a cache-buster) is the
    // same page, kept once, never a fresh drawing, and the raw address is never copied in.
    const route = matchRoute(pathname)
    const match = route && pageOf(route, search)
    if (!match) return route && isPrivateRoute(route.id) ? privateShell : publicShell
    const pageKey = `${pathname}?${match.search}`
    const hit = kept.get(pageKey)
    if (hit && hit.until > now()) return hit.outcome
    try {
      return await drawing.run(() => draw(pathname, match, pageKey, hit?.outcome))
    } catch (error) {
      const overload = overloadOf(error)
      // A crowd past the gate gets the page as it was last drawn rather than a busy shell: its
      // data changes only with a new seed or a health check.
      if (hit && overload) return hit.outcome
      if (overload) throw error
      // A page the database cannot describe still loads: the app shows its own state.
      request.log.warn({ err: error, pathname }, 'Page not described')
      return publicShell
    }
  }

  async function draw(
    pathname: string,
    match: PageMatch,
    pageKey: string,
    previous: PageOutcome | undefined,
  ): Promise<PageOutcome> {
    const queries = pageQueries(match)
    const answers = drawingAnswers(app, queries)
    await answers.ready
    const described = await match.page.describe({
      params: match.params as never,
      search: match.search,
      siteUrl,
      answers,
      site,
    })
    if (described.status === 301) return finish(pageKey, moved(described), answers.complete())
    if (described.status !== 200) return { kind: 'page', page: described }
    const block = answers.block()
    const page: ServedPage = { ...described, firstAnswers: block }
    const drawn = previous?.kind === 'page' ? previous.page : undefined
    if (drawn?.rendered && sameDrawing(drawn, page)) {
      // The same answers draw the same page: asking the routes again (answers they keep) is
      // cheap, drawing it again on the event loop is not.
      return finish(pageKey, previous!, answers.complete())
    }
    // Drawn with the page's own answers in; a part's missing answer draws that part loading, as
    // the browser's first render does with the same answers.
    if (queries.every((query) => isPartQuery(query) || answers.carried(query))) {
      const rendered = await inTurn(() =>
        render({
          url: `${pathname}${match.search.size > 0 ? `?${match.search}` : ''}`,
          queries,
          answers: answers.parsed(),
        }),
      )
      if (rendered) page.rendered = rendered
    }
    return finish(pageKey, { kind: 'page', page }, answers.complete())
  }

  function finish(pageKey: string, outcome: PageOutcome, keep: boolean) {
    if (keep) {
      kept.delete(pageKey)
      kept.set(pageKey, { outcome, until: now() + REUSE_MS })
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!)
    }
    return outcome
  }

  return Object.assign(serve, { stats: () => drawing.stats() })
}

const moved = ({ location }: MovedPage): PageOutcome => ({ kind: 'moved', location })

/** The same page as drawn before, apart from its drawing. */
const sameDrawing = (drawn: ServedPage, page: ServedPage) => {
  const { rendered: _, ...before } = drawn
  return JSON.stringify(before) === JSON.stringify(page)
}
