import type { ReactNode } from 'react'
import { prerender } from 'react-dom/static'

/**
 * The server's drawing of `ui` (React's static render), in a container on the page, as a browser
 * receives a server page: for tests of what hydrating it does.
 */
export async function drawnByServer(ui: ReactNode, options?: { identifierPrefix?: string }) {
  const { prelude } = await prerender(ui, options)
  const container = document.createElement('div')
  container.innerHTML = await new Response(prelude).text()
  document.body.append(container)
  return container
}
