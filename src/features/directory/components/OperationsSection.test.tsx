import type { ReactNode } from 'react'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { apiDetails, stripeApi } from '@mocks/data/apis'
import { EARLY_CLICK_ATTRIBUTE } from '@/lib/earlyInput'
import { makeStore } from '@/lib/store/store'
import { drawOutsideAct } from '@/testing/drawOutsideAct'
import { ENDPOINTS_SHOWN } from './EndpointList'
import { OperationsSection } from './OperationsSection'

// A button pressed on the server's page before its part ran is carried out in the
// commit that hands the part to React, as TabBar's tabs are. From a passive effect of that commit
// it was drawn in a later task, after updates that came in between. Drawn outside act() here, so
// that what React has drawn by the time it returns is what a visitor would see first.

/** Every fixture API's endpoints, each once: more than the list shows before 'Show all'. */
const endpoints = [
  ...new Map(
    apiDetails.flatMap((api) => api.endpoints).map((e) => [`${e.method} ${e.path}`, e]),
  ).values(),
]

const draw = drawOutsideAct()

/** Draws `ui` once, as the commit that hands it to React: what is there when React returns. */
const drawOnce = (ui: ReactNode) =>
  draw(
    <Provider store={makeStore()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  )

describe('an API page’s operations, pressed before they ran', () => {
  it('shows every endpoint in the commit that draws the list, when Show all was pressed', () => {
    expect(endpoints.length).toBeGreaterThan(ENDPOINTS_SHOWN)
    document.documentElement.setAttribute(EARLY_CLICK_ATTRIBUTE, 'show-all-endpoints')
    const drawn = drawOnce(
      <OperationsSection
        apiName="Stripe API"
        apiId={stripeApi.id}
        endpoints={endpoints}
        total={endpoints.length}
      />,
    )
    expect(drawn.querySelectorAll('ul[aria-label="Endpoints"] > li')).toHaveLength(endpoints.length)
    expect(drawn.textContent).not.toMatch(/Show all \d+ endpoints/)
    expect(document.documentElement.hasAttribute(EARLY_CLICK_ATTRIBUTE)).toBe(false)
  })

  it('explains every operation in the commit that draws the section, when asked to', () => {
    document.documentElement.setAttribute(EARLY_CLICK_ATTRIBUTE, 'explain-operations')
    const drawn = drawOnce(
      <OperationsSection
        apiName="Stripe API"
        apiId={stripeApi.id}
        endpoints={endpoints}
        total={endpoints.length}
      />,
    )
    expect(drawn.textContent).toContain('Loading every operation…')
    expect(drawn.textContent).not.toMatch(/Explain all \d+ operations/)
  })

  it('shows what the server drew when nothing was pressed', () => {
    const drawn = drawOnce(
      <OperationsSection
        apiName="Stripe API"
        apiId={stripeApi.id}
        endpoints={endpoints}
        total={endpoints.length}
      />,
    )
    expect(drawn.querySelectorAll('ul[aria-label="Endpoints"] > li')).toHaveLength(ENDPOINTS_SHOWN)
    expect(drawn.textContent).toMatch(/Explain all \d+ operations/)
  })
})
