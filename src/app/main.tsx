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

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/**
 * The app's code runs in stages, each a chunk of its own (START_CHUNKS, vite.config.ts) imported
 * once the one before has run: a module graph runs all at once, and the whole app's in one task
 * (compiling it, then running every module) was the start's longest, which a slow phone's input
 * waits behind. React and what makes the theme first, then each of the theme's steps, Redux
 * Toolkit with the store, and the rest of the app. index.html's preloader asks for every stage's
 * file as the page shows, so each stage waits for the one before to run, not for the network.
 */
async function start(mount: HTMLElement) {
  // One chunk: React's own module runs as it is first asked for, here rather than in a later stage.
  await import('react-dom/client')
  const { appThemeSteps } = await import('./theme/theme')
  for (const step of appThemeSteps) {
    await nextTask()
    step()
  }
  await nextTask()
  await import('../lib/store/store')
  await nextTask()
  const { startApp } = await import('./startApp')
  await nextTask()
  await startApp(mount)
}

void start(root)
