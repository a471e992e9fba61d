// First, before anything that might load zod.
import './lib/zodWithoutEval'
// Latin only (others fall back to system fonts), in the three weights the theme uses; each face
// has font-display: swap, and index.html preloads all three (scripts/vitePlugins.ts).
import '@fontsource/roboto/latin-400.css'
import '@fontsource/roboto/latin-500.css'
import '@fontsource/roboto/latin-700.css'
// The server's text in #root, until the app draws (in the page's one stylesheet, not a script).
import './prerendered.css'
// The theme's CSS variables and MUI's baseline, built into the site's cached stylesheet
// (AppThemeProvider, themeSheet).
import 'virtual:theme-variables.css'
import { nextTask } from './nextTask'
import { startApp } from './startApp'
import { appThemeSteps } from './theme/theme'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/**
 * The app's start after its modules have run (in one task), in steps of a task each: the theme in
 * its steps, then the rest (startApp.tsx).
 */
async function start(mount: HTMLElement) {
  for (const step of appThemeSteps) {
    await nextTask()
    step()
  }
  await nextTask()
  await startApp(mount)
}

// Begun in a microtask, once the modules' evaluation is off the stack: its first step sets a timer,
// and a recording of the timeline in a DevTools session (the Performance panel, the benches'
// Playwright traces) takes a stack for each timer set. Taken with the entry's module body on it,
// that stack cost a parse of the whole entry there, doubling the evaluation's task in every
// profile of the start (the same for visitors either way).
queueMicrotask(() => void start(root))
