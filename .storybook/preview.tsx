import type { Preview } from '@storybook/react-vite'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { configure } from 'storybook/test'
import '@fontsource/roboto/400.css'
import '@fontsource/roboto/500.css'
import '@fontsource/roboto/700.css'
import { defaultHandlers } from '@mocks/handlers'
import { withProviders, withRouter } from './decorators'

// findBy… and waitFor in play functions wait for the state a story names; their 1 s default is a
// guess at the machine's speed, and under npm test's other lanes a story once needed more.
configure({ asyncUtilTimeout: 30_000 })

const preview: Preview = {
  loaders: [mswLoader()],
  // The last decorator is the outermost: providers wrap the router, which wraps the story.
  decorators: [withRouter, withProviders],
  globalTypes: {
    theme: {
      description: 'Colour scheme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    // Every domain's default variant; a story overrides one by key: `msw: { handlers: { config: ... } }`.
    msw: { handlers: defaultHandlers },
    a11y: { test: 'error' },
  },
}

export default preview
