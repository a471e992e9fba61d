import { render, screen, within } from '@testing-library/react'
import createCache from '@emotion/cache'
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { AppProviders } from './App'
import { routes } from './router'
import { matchRoute, PUBLIC_PAGES, ROUTES } from '@/shared/routes'
import { makeStore } from '../lib/store/store'

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(
    <AppProviders
      store={makeStore()}
      emotionCache={createCache({ key: 't' })}
      persistThemeMode={false}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return router
}

describe('routes', () => {
  // The server draws the page matchRoute picks; the browser then hydrates the router's choice.
  it.each([
    ...PUBLIC_PAGES.map((page) => page.example.replace('{slug}', 'a-post').split('?')[0]!),
    '/apis/category/monitoring',
    '/apis/tools/monitoring',
    '/apis/provider/monitoring',
  ])('the server and the router pick the same page at %s', (path) => {
    const picked = matchRoutes(routes, path)?.at(-1)?.route.path
    expect(`/${picked}`).toBe(ROUTES[matchRoute(path)!.id].pattern)
  })

  it.each(['/', '/no/such/page', '/apis/category/x/y/z'])('%s goes to /redirect', async (path) => {
    const router = renderAt(path)
    expect(await screen.findByRole('heading', { name: 'Redirecting...' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/redirect')
  })

  it('wraps every page in the shell with navigation to APIs, Tools and Blog', async () => {
    renderAt('/redirect')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'APIs' })).toHaveAttribute('href', '/apis')
    expect(within(nav).getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/apis/tools')
    expect(within(nav).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog')
    expect(screen.getByRole('link', { name: 'API Atlas' })).toHaveAttribute('href', '/apis')
  })

  it.each([
    ['/apis', 'API Directory'],
    ['/apis/stripe-com', 'Stripe API'],
    ['/apis/category/payments', 'Payments'],
    ['/tools/tester', 'API Tester'],
    ['/blog', 'API Atlas Blog'],
    ['/blog/some-post', 'Post Not Found'],
    ['/bpm-login', 'Dashboard'],
    ['/monitor', 'Performance monitor'],
  ])('%s has its own route', async (path, title) => {
    const router = renderAt(path)
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(path)
  })

  it('sends /dashboard to /bpm-login when nobody is signed in', async () => {
    const router = renderAt('/dashboard')
    expect(
      await screen.findByRole('button', { name: 'Access Dashboard' }, { timeout: 30_000 }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/bpm-login')
  })
})
