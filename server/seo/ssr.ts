// The server's render of a public page with the browser's own components (src/app/ssr/), built by
// `vite build` into dist/.ssr/: the page arrives drawn, and the browser hydrates it.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyBaseLogger } from 'fastify'
import {
  SERVER_RENDER_DIR,
  SERVER_RENDER_ENTRY,
  type RenderedPage,
  type RenderInput,
  type RenderPage,
} from '../../src/shared/ssr'
import { pathTo } from '../../src/shared/routes'

/** Where the build writes the render (buildServerRender in scripts/vitePlugins.ts). */
export const serverRenderFile = (staticDir: string) =>
  path.join(staticDir, SERVER_RENDER_DIR, SERVER_RENDER_ENTRY)

/** What the warm-up draws: an API page, the heaviest public page, in its loading state. */
const WARM_UP_URL = pathTo('apiDetail', { id: 'warm-up' })

/** A page's markup, or null when there is no render (no build, or it failed: logged). */
export type PageRenderer = {
  render: (input: RenderInput) => Promise<RenderedPage | null>
  /** Loads the render now rather than on the first page (about 2 s on a cold start here). */
  load: () => Promise<unknown>
  /**
   * Loads the render and draws a page without data once, unseen, so that the first visitor's
   * page does not pay for compiling the render's code (a restart's first API page took 370 ms
   * here, the next one 120 ms). For a server about to serve, while its database still opens.
   */
  warm: () => Promise<unknown>
}

/**
 * Loads the render once: when the server starts listening (buildApp's onListen), or on the first
 * page asked for, so tests that only inject never pay for it. Without a built render (tests on an
 * unbuilt tree, `npm run dev`) every page is null and keeps its server-written text instead; a
 * render that throws costs that page its markup, never its answer.
 */
export function pageRenderer(staticDir: string, log: FastifyBaseLogger): PageRenderer {
  const file = serverRenderFile(staticDir)
  if (!existsSync(file)) {
    return { render: async () => null, load: async () => undefined, warm: async () => undefined }
  }
  let loaded: Promise<RenderPage> | undefined
  const load = () => {
    loaded ??= import(pathToFileURL(file).href).then(
      (module: { renderPage: RenderPage }) => module.renderPage,
    )
    // Reported when a page asks for it; never an unhandled rejection.
    loaded.catch(() => undefined)
    return loaded
  }
  return {
    load,
    warm: async () => {
      try {
        await (
          await load()
        )({ url: WARM_UP_URL, queries: [], answers: {} })
      } catch {
        // A render that fails says so on the page that asks for it.
      }
    },
    render: async (input) => {
      try {
        return await (
          await load()
        )(input)
      } catch (error) {
        log.warn({ err: error, url: input.url }, 'Page not rendered on the server')
        return null
      }
    },
  }
}
