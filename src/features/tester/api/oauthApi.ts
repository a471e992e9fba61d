// The tester's OAuth 2 calls, injected with the OAuth panel rather than with the tester.
import type {
  OAuthAnswer,
  OAuthDeviceRequest,
  OAuthResponse,
  OAuthTokenRequest,
} from '@/contract/testerOAuth'
import { baseApi } from '@/lib/store/baseApi'

export const oauthApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** A token request, made by our server through the tester's address guard. */
    requestOAuthToken: build.mutation<OAuthAnswer, OAuthTokenRequest>({
      query: (body) => ({ url: 'tester/oauth/token', method: 'POST', body }),
      transformResponse: (response: OAuthResponse) => response.data,
    }),
    /** A device authorization request (RFC 8628 §3.1). */
    startOAuthDevice: build.mutation<OAuthAnswer, OAuthDeviceRequest>({
      query: (body) => ({ url: 'tester/oauth/device', method: 'POST', body }),
      transformResponse: (response: OAuthResponse) => response.data,
    }),
  }),
})

export const { useRequestOAuthTokenMutation, useStartOAuthDeviceMutation } = oauthApi
