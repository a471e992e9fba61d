import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { upMonitoring } from '@mocks/data/monitoring'
import { server } from '@mocks/node'
import { authApi } from '@/features/auth/authApi'
import type { Role } from '@/features/auth/types'
import { makeStore } from '@/lib/store/store'
import { makeSignedInStore } from '@/testing/makeSignedInStore'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { MonitoringRoute } from './MonitoringRoute'

const route = { route: '/apis/fixture-match-list/monitoring', path: '/apis/:id/monitoring' }

/**
 * A store signed in as staff with the given role, as the sign-in flow leaves it: the profile in
 * the cache, watched (the app watches it for as long as its user is signed in).
 */
async function staffStore(role: Role) {
  const store = makeSignedInStore('token-1')
  const user = { id: 'staff-1', email: 'staff@api-atlas.example', metadata: {} }
  await store.dispatch(
    authApi.util.upsertQueryData('getStaffProfile', user, {
      profile: {
        id: user.id,
        email: user.email,
        full_name: 'Staff',
        role,
        permissions: [],
        preferences: {},
      },
      source: 'fetched',
    }),
  )
  store.dispatch(authApi.endpoints.getStaffProfile.initiate(user))
  return store
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Matching list monitoring' })

describe('MonitoringRoute', () => {
  it('shows no "Check now" to a visitor', async () => {
    renderWithProviders(<MonitoringRoute />, { ...route, store: makeStore() })
    await heading()
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull()
  })

  it.each(['viewer', 'user'] as const)(
    'shows no "Check now" to staff with the %s role',
    async (role) => {
      renderWithProviders(<MonitoringRoute />, { ...route, store: await staffStore(role) })
      await heading()
      // The lazy part loads for any staff session; it draws nothing without the admin role.
      await screen.findByRole('link', { name: 'All APIs’ monitoring' })
      expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull()
    },
  )

  it('lets an admin check now, with their token, and shows the fresh figures', async () => {
    let authorization: string | null = null
    server.use(
      http.post('*/api/apis/:id/check', ({ request }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json(upMonitoring)
      }),
    )
    renderWithProviders(<MonitoringRoute />, { ...route, store: await staffStore('admin') })
    await userEvent.click(await screen.findByRole('button', { name: 'Check now' }))
    expect(
      await screen.findByText(
        'Checked at 2026-11-27 08:00 UTC: the figures on this page are fresh.',
      ),
    ).toBeVisible()
    expect(authorization).toBe('Bearer token-1')
  })
})
