// The server's render of a public page, with the browser's own components. Built by
// Vite as a module of its own (scripts/vitePlugins.ts) and loaded by server/seo/ssr.ts.
import { StrictMode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript'
import createCache from '@emotion/cache'
import type { RenderPage } from '@/shared/ssr'
import { AppProviders } from '../App'
import { AppRoutes } from '../AppRoutes'
import { primeFirstAnswers } from '../primeFirstAnswers'
import { parseFirstAnswers } from '../firstAnswers'
import { makeStore } from '../../lib/store/store'
import { EMOTION_KEY, SERVED_STYLES } from '../theme/emotionCache'
import { STYLIS_PLUGINS } from '../theme/prefixer'

/**
 * The scheme script: the theme's attribute (`data-dark`) and modes, before the page paints. It
 * carries no nonce: the server allows it by the hash of its text (server/spa.ts).
 */
const colorSchemeScript = renderToStaticMarkup(
  <InitColorSchemeScript attribute="data" defaultMode="system" />,
)
const colorSchemeCode = /^<script[^>]*>([\s\S]*)<\/script>$/.exec(colorSchemeScript)?.[1]
if (colorSchemeCode === undefined) throw new Error('InitColorSchemeScript is not one <script>')

const RENDER_TIMEOUT_MS = 5000
const STYLE_ATTRIBUTE = /<[^>]+\sstyle="/
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g

/**
 * `data-s` marks a tag as already in place: @emotion/react's default cache, which it makes as its
 * module runs, moves every unmarked server style tag to the end of <head> whatever its key, a DOM
 * change and a style recalculation in the entry's first task. The app's own cache takes the scoped
 * rules' ids from their tag (SERVED_STYLES) and leaves it where it is.
 */
const styleTag = (ids: string, css: string) =>
  `<style data-emotion="${ids}" data-s="">${css}</style>`

/**
 * An Emotion cache that keeps the page's styles for <head> (compat mode) instead of writing a
 * <style> beside each element: a few hundred style sheets in the body cost the browser a long style
 * recalculation before its first paint, and break MUI's sibling selectors until hydration. The
 * browser's cache (theme/emotionCache.ts) takes the scoped rules' ids; each <Global> finds its own
 * (MUI's baseline is not one: it is in the site's stylesheet, themeVariables.ts).
 */
function headStyles() {
  const cache = createCache({ key: EMOTION_KEY, stylisPlugins: STYLIS_PLUGINS })
  cache.compat = true
  // Rules inserted without a selector are global: <Global>'s (the baseline) and
  // keyframes.
  const globals = new Set<string>()
  const insert = cache.insert
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (!selector) globals.add(serialized.name)
    return insert(selector, serialized, sheet, shouldCache)
  }
  /**
   * Each style element as [its ids, its text]: the server hashes the texts for its policy. A scoped
   * rule whose class no element of `body` carries is left out: it is a step of a composition (MUI's
   * Link styles a Typography, which folds the Link's class into its own), never drawn. The browser
   * writes such a rule itself if it ever needs it, as it is not among the ids it is told of.
   */
  const sheets = (body: string): [string, string][] => {
    const drawn = new Set<string>()
    for (const [, names] of body.matchAll(CLASS_ATTRIBUTE)) {
      for (const name of names!.split(' ')) drawn.add(name)
    }
    const rules = Object.entries(cache.inserted).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    )
    const global = rules.filter(([name]) => globals.has(name))
    const scoped = rules.filter(([name]) => !globals.has(name) && drawn.has(`${cache.key}-${name}`))
    return [
      ...global.map(([name, css]): [string, string] => [`${cache.key}-global ${name}`, css]),
      [
        `${SERVED_STYLES} ${scoped.map(([name]) => name).join(' ')}`,
        scoped.map(([, css]) => css).join(''),
      ],
    ]
  }
  return { cache, sheets }
}

/**
 * The page as the browser's first render will draw it: a store with the page's answers (the
 * same ones the page carries for the browser), the route's screen loaded, and Emotion's styles
 * in <head>.
 */
export const renderPage: RenderPage = async ({ url, queries, answers }) => {
  const first = parseFirstAnswers({ queries, answers })
  const store = makeStore()
  await primeFirstAnswers(store, first)
  const errors: unknown[] = []
  const styles = headStyles()
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders store={store} emotionCache={styles.cache} themeSheet>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    {
      // Every boundary written in place: an outlined one needs React's inline scripts to move it,
      // and the page's policy (hashes of known scripts only) would block them.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Nothing here waits on the network; a part still pending by then never will be.
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // A part that fails is drawn by the browser instead; the page then keeps its text.
      onError: (error) => {
        errors.push(error)
      },
    },
  )
  if (errors.length > 0) throw new AggregateError(errors, `${url} did not render on the server`)
  const body = await new Response(prelude).text()
  // A style attribute (a spinner's size, a text area measuring itself) is blocked by the page's
  // policy when it comes in HTML; such a page is left to the browser, which sets styles from script.
  if (STYLE_ATTRIBUTE.test(body)) return null
  const sheets = styles.sheets(body)
  return {
    url,
    body,
    head: colorSchemeScript + sheets.map(([ids, css]) => styleTag(ids, css)).join(''),
    scripts: [colorSchemeCode],
    styles: sheets.map(([, css]) => css),
  }
}
