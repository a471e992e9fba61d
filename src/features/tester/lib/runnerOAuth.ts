// A collection run's OAuth 2 refresh: the OAuth panel's refresh request, made as the client the
// panel names for the scheme in this tab, else as the one the environment keeps beside the token
// (after a reload), and the new token kept in the environment as the panel keeps it. Loaded with
// the runner.
import type { AppThunk } from '@/lib/store/store'
import { errorMessage, type QueryError } from '@/lib/store/errors'
import { oauthApi } from '../api/oauthApi'
import type { OAuthState } from '../oauthSlice'
import { variablesChanged } from '../workbenchSlice'
import type { RefreshResult } from './collectionRunner'
import {
  readTokenAnswer,
  refreshClientFromEnvironment,
  refreshClientOf,
  refreshRequest,
  tokenFromEnvironment,
  variableNames,
  withTokenVariables,
} from './oauth'
import type { Environment } from './workbenchTypes'

/** The settings the OAuth panel holds for the scheme whose variables are `scheme_…`. */
const settingsOf = (state: { oauth?: OAuthState }, scheme: string) =>
  Object.entries(state.oauth ?? {}).find(
    ([key]) => variableNames(key).accessToken === variableNames(scheme).accessToken,
  )?.[1].settings

export const refreshForRun =
  (scheme: string, environment: Environment): AppThunk<Promise<RefreshResult>> =>
  async (dispatch, getState) => {
    const token = tokenFromEnvironment(environment, scheme)
    if (!token?.refreshToken) return { kind: 'failed', message: `${scheme} has no refresh token.` }
    const settings = settingsOf(getState() as { oauth?: OAuthState }, scheme)
    const client =
      (settings && refreshClientOf(settings)) ?? refreshClientFromEnvironment(environment, scheme)
    if (!client) {
      return {
        kind: 'failed',
        message: `Not refreshed: the token URL and client of ${scheme} are not known. Get its token again in the Auth tab's OAuth 2 panel.`,
      }
    }
    const call = dispatch(
      oauthApi.endpoints.requestOAuthToken.initiate(
        refreshRequest(client, token.refreshToken, settings?.scope),
      ),
    )
    try {
      const answer = await call.unwrap()
      const outcome = readTokenAnswer(answer, Date.now(), {
        scope: settings?.scope || token.scopes.join(' '),
        refreshToken: token.refreshToken,
      })
      if (outcome.kind !== 'granted') {
        const said = outcome.kind === 'denied' ? `${outcome.error}: ${outcome.description}` : ''
        return { kind: 'failed', message: `The token endpoint refused the refresh. ${said}`.trim() }
      }
      const variables = withTokenVariables(environment.variables, scheme, outcome.token, client)
      dispatch(variablesChanged({ id: environment.id, variables }))
      return { kind: 'refreshed', environment: { ...environment, variables } }
    } catch (error) {
      return {
        kind: 'failed',
        message: errorMessage(error as QueryError, 'The refresh request could not be sent.'),
      }
    } finally {
      call.reset()
    }
  }
