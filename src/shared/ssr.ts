// What the server's render of a public page takes and gives (src/app/ssr/renderPage.tsx, built to
// dist/.ssr/ and loaded by server/seo/ssr.ts): the same components as the browser's, so the page
// arrives drawn and the browser only hydrates it.
import type { FirstQuery } from './firstQueries'

/** Where `vite build` puts the server's render, inside dist/: a dot directory, never served. */
export const SERVER_RENDER_DIR = '.ssr'
export const SERVER_RENDER_ENTRY = 'renderPage.js'

/**
 * index.html carries this wherever a nonce goes: a staff page gets a fresh nonce in its place, a
 * public page loses the attribute (its policy allows its inline code by hash; server/spa.ts).
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__'

/**
 * #root carries this attribute, valued with the address it was drawn for, when the server drew the
 * page inside it: the browser hydrates it there, and draws afresh anywhere else (an offline
 * fallback page).
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered'

/**
 * <html> carries this attribute once the app runs the page's own screen, hydrated or drawn by the
 * browser (set from the shell's Suspense, src/app/layout/AppShell.tsx). What is drawn before it is
 * the server's markup, with only the early-input script behind it.
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready'

export type RenderInput = {
  /** The page's path and query, as the router reads them. */
  url: string
  /** The page's first queries and their answers (the page's data block, parsed). */
  queries: FirstQuery[]
  answers: Record<string, unknown>
}

export type RenderedPage = {
  /** The address drawn (RenderInput's url). */
  url: string
  /** Inside #root: the app's markup. */
  body: string
  /** In <head>: the script that sets the light or dark scheme before paint, and the page's styles. */
  head: string
  /**
   * The text of each inline script and style element in `head`, exactly as written: the page's
   * policy allows them by their hashes (server/spa.ts), so they carry no nonce.
   */
  scripts: string[]
  styles: string[]
}

/** null: the page is better drawn by the browser (server/seo/ssr.ts then sends its text). */
export type RenderPage = (input: RenderInput) => Promise<RenderedPage | null>
