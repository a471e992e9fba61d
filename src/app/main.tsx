import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import '@fontsource/roboto/400.css'
import '@fontsource/roboto/500.css'
import '@fontsource/roboto/700.css'
import { AppProviders } from './App'
import { routes } from './router'
import { makeStore } from './store/store'
import { createEmotionCache } from './theme/emotionCache'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const router = createBrowserRouter(routes)

createRoot(root).render(
  <StrictMode>
    <AppProviders store={makeStore()} emotionCache={createEmotionCache()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
