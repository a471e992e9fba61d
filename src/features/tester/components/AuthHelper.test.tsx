import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SecurityScheme } from '@/contract/operations'
import { renderWithProviders } from '@/testing/renderWithProviders'
import { choiceForSecurity } from '../lib/authSchemes'
import type { AuthChoice } from '../lib/authChoice'
import { emptyDraft, parseHeaders, type Draft } from '../lib/draft'
import { AuthHelper } from './AuthHelper'

const login: SecurityScheme = {
  key: 'login',
  kind: 'oauth2',
  scopes: ['mail.read'],
  description: '',
  flows: {
    authorizationCode: {
      authorizationUrl: 'https://login.example.com/authorize',
      tokenUrl: 'https://login.example.com/token',
      scopes: ['mail.read'],
    },
  },
}

describe('AuthHelper with OAuth 2', () => {
  it('is what an operation with an oauth2 scheme asks for, under the scheme’s name', () => {
    expect(choiceForSecurity([[login]])).toEqual({ kind: 'oauth2', name: 'login' })
  })

  it('writes a header that names the token’s variable, and opens the panel from the document', async () => {
    const drafts: Draft[] = []
    const applied: (AuthChoice | null)[] = []
    renderWithProviders(
      <AuthHelper
        draft={emptyDraft}
        onChange={(draft) => drafts.push(draft)}
        choice={null}
        onApplied={(choice) => applied.push(choice)}
        security={[[login]]}
      />,
    )
    fireEvent.change(screen.getByRole('combobox', { name: 'Authentication' }), {
      target: { value: 'oauth2' },
    })
    expect(applied.at(-1)).toEqual({ kind: 'oauth2', name: 'login' })
    expect(parseHeaders(drafts.at(-1)!.headersText)).toMatchObject({
      Authorization: 'Bearer {{login_access_token}}',
    })
  })

  it('shows the OAuth panel filled from the scheme’s flows', async () => {
    renderWithProviders(
      <AuthHelper
        draft={emptyDraft}
        onChange={() => {}}
        choice={{ kind: 'oauth2', name: 'login' }}
        onApplied={() => {}}
        security={[[login]]}
      />,
    )
    expect(await screen.findByRole('region', { name: 'OAuth 2' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Token URL' })).toHaveProperty(
      'value',
      'https://login.example.com/token',
    )
    expect(screen.getByRole('textbox', { name: 'Scopes' })).toHaveProperty('value', 'mail.read')
  })
})
