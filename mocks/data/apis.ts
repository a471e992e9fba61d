import type { ApiDetail, ApiSummary } from '@/contract/apis'
import type { ApiHealth } from '@/contract/apiHealth'
import { DESCRIPTION_HTML } from './descriptionHtml'
import { down, healthyCorsAllowed, healthyCorsBlocked, networkUnavailable } from './apiHealth'

// Taken from the real catalogue (server/catalog/seed: APIs.guru, CC0, and the public-apis list,
// MIT) by id; endpoints are cut to the first eight, endpointCount keeps the real total.

const fixtures: Omit<ApiDetail, 'descriptionHtml' | 'health' | 'verified'>[] = [
  {
    id: 'stripe-com',
    name: 'Stripe API',
    provider: 'stripe.com',
    summary: 'The Stripe REST API. Please see https://stripe.com/docs/api for more details.',
    category: 'payments',
    auth: 'basic',
    authTypes: ['basic', 'bearer'],
    baseUrl: 'https://api.stripe.com',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://twitter.com/stripe/profile_image?size=original',
    version: 'Wed Oct 15 2025 13:53:19 GMT+0000 (Coordinated Universal Tim',
    updated: '2026-08-21',
    description: 'The Stripe REST API. Please see https://stripe.com/docs/api for more details.',
    docs: 'https://stripe.com',
    endpoints: [
      {
        method: 'GET',
        path: '/v1/account',
        summary: 'Retrieves the details of an account.',
      },
      {
        method: 'POST',
        path: '/v1/account_links',
        summary:
          'Creates an AccountLink object that includes a single-use Stripe URL that the platform can redirect their user to in order to take them through the Connect…',
      },
      {
        method: 'GET',
        path: '/v1/accounts',
        summary:
          'Returns a list of accounts connected to your platform via Connect . If you’re not a platform, the list is empty.',
      },
      {
        method: 'POST',
        path: '/v1/accounts',
        summary:
          'With Connect , you can create Stripe accounts for your users. To do this, you’ll first need to register your platform .',
      },
      {
        method: 'GET',
        path: '/v1/accounts/{account}',
        summary: 'Retrieves the details of an account.',
      },
      {
        method: 'POST',
        path: '/v1/accounts/{account}',
        summary:
          'Updates a connected account by setting the values of the parameters passed. Any parameters not provided are left unchanged.',
      },
      {
        method: 'DELETE',
        path: '/v1/accounts/{account}',
        summary:
          'With Connect , you can delete accounts you manage. Accounts created using test-mode keys can be deleted at any time.',
      },
      {
        method: 'POST',
        path: '/v1/accounts/{account}/bank_accounts',
        summary: 'Create an external account for a given account.',
      },
    ],
    endpointCount: 452,
    sources: ['apis-guru'],
    entry: 'stripe-com',
    versions: [{ id: 'stripe-com', label: 'stripe-com' }],
  },
  {
    id: 'squareup-com',
    name: 'Square Connect API',
    provider: 'squareup.com',
    summary: 'Client library for accessing the Square Connect APIs',
    category: 'payments',
    auth: 'oauth2',
    authTypes: ['oauth2', 'apiKey'],
    baseUrl: 'https://connect.squareup.com',
    https: true,
    cors: null,
    free: true,
    rating: null,
    logo: 'http://square.github.io/images/logo.png',
    version: '2.0',
    updated: '2026-08-21',
    description: 'Client library for accessing the Square Connect APIs',
    docs: 'https://docs.connect.squareup.com/',
    endpoints: [
      {
        method: 'POST',
        path: '/mobile/authorization-code',
        summary: 'CreateMobileAuthorizationCode',
      },
      {
        method: 'POST',
        path: '/oauth2/clients/{client_id}/access-token/renew',
        summary: 'RenewToken',
      },
      {
        method: 'POST',
        path: '/oauth2/revoke',
        summary: 'RevokeToken',
      },
      {
        method: 'POST',
        path: '/oauth2/token',
        summary: 'ObtainToken',
      },
      {
        method: 'GET',
        path: '/v1/me/employees',
        summary: 'ListEmployees',
      },
      {
        method: 'POST',
        path: '/v1/me/employees',
        summary: 'CreateEmployee',
      },
      {
        method: 'GET',
        path: '/v1/me/employees/{employee_id}',
        summary: 'RetrieveEmployee',
      },
      {
        method: 'PUT',
        path: '/v1/me/employees/{employee_id}',
        summary: 'UpdateEmployee',
      },
    ],
    endpointCount: 200,
    sources: ['apis-guru', 'public-apis'],
    entry: 'squareup-com',
    versions: [{ id: 'squareup-com', label: 'squareup-com' }],
  },
  {
    id: 'twilio-com-api',
    name: 'Twilio - Api',
    provider: 'twilio.com',
    summary: 'This is the public Twilio REST API.',
    category: 'communication',
    auth: 'basic',
    authTypes: ['basic'],
    baseUrl: 'https://api.twilio.com',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://static1.twilio.com/marketing/bundles/marketing/img/logos/wordmark-red.svg',
    version: '1.55.0',
    updated: '2026-08-21',
    description: 'This is the public Twilio REST API.',
    docs: 'https://support.twilio.com',
    endpoints: [
      {
        method: 'GET',
        path: '/2010-04-01/Accounts.json',
        summary:
          'Retrieves a collection of Accounts belonging to the account used to make the request',
      },
      {
        method: 'POST',
        path: '/2010-04-01/Accounts.json',
        summary: 'Create a new Twilio Subaccount from the account making the request',
      },
      {
        method: 'GET',
        path: '/2010-04-01/Accounts/{AccountSid}/Addresses.json',
        summary: '',
      },
      {
        method: 'POST',
        path: '/2010-04-01/Accounts/{AccountSid}/Addresses.json',
        summary: '',
      },
      {
        method: 'GET',
        path: '/2010-04-01/Accounts/{AccountSid}/Addresses/{AddressSid}/DependentPhoneNumbers.json',
        summary: '',
      },
      {
        method: 'GET',
        path: '/2010-04-01/Accounts/{AccountSid}/Addresses/{Sid}.json',
        summary: '',
      },
      {
        method: 'POST',
        path: '/2010-04-01/Accounts/{AccountSid}/Addresses/{Sid}.json',
        summary: '',
      },
      {
        method: 'DELETE',
        path: '/2010-04-01/Accounts/{AccountSid}/Addresses/{Sid}.json',
        summary: '',
      },
    ],
    endpointCount: 195,
    sources: ['apis-guru'],
    entry: 'twilio-com-api',
    versions: [{ id: 'twilio-com-api', label: 'twilio-com-api' }],
  },
  {
    id: 'slack-com',
    name: 'Slack Web API',
    provider: 'slack.com',
    summary:
      'One way to interact with the Slack platform is its HTTP RPC-based Web API, a collection of methods requiring OAuth 2.0-based user, bot, or workspace tokens blessed with related OAuth scopes.',
    category: 'communication',
    auth: 'oauth2',
    authTypes: ['oauth2'],
    baseUrl: 'https://slack.com/api',
    https: true,
    cors: null,
    free: true,
    rating: null,
    logo: 'http://static.tumblr.com/wvuzcz9/LlKncfhmp/slack_logo_240.png',
    version: '1.7.0',
    updated: '2026-08-21',
    description:
      'One way to interact with the Slack platform is its HTTP RPC-based Web API, a collection of methods requiring OAuth 2.0-based user, bot, or workspace tokens blessed with related OAuth scopes.',
    docs: 'https://api.slack.com/web',
    endpoints: [
      {
        method: 'POST',
        path: '/admin.apps.approve',
        summary: 'Approve an app for installation on a workspace.',
      },
      {
        method: 'GET',
        path: '/admin.apps.approved.list',
        summary: 'List approved apps for an org or workspace.',
      },
      {
        method: 'GET',
        path: '/admin.apps.requests.list',
        summary: 'List app requests for a team/workspace.',
      },
      {
        method: 'POST',
        path: '/admin.apps.restrict',
        summary: 'Restrict an app for installation on a workspace.',
      },
      {
        method: 'GET',
        path: '/admin.apps.restricted.list',
        summary: 'List restricted apps for an org or workspace.',
      },
      {
        method: 'POST',
        path: '/admin.conversations.archive',
        summary: 'Archive a public or private channel.',
      },
      {
        method: 'POST',
        path: '/admin.conversations.convertToPrivate',
        summary: 'Convert a public channel to a private channel.',
      },
      {
        method: 'POST',
        path: '/admin.conversations.create',
        summary: 'Create a public or private channel-based conversation.',
      },
    ],
    endpointCount: 174,
    sources: ['apis-guru', 'public-apis'],
    entry: 'slack-com',
    versions: [{ id: 'slack-com', label: 'slack-com' }],
  },
  {
    id: 'sendgrid-com',
    name: 'Email Activity (beta)',
    provider: 'sendgrid.com',
    summary:
      'The Beta endpoints for the new Email Activity APIs - functionality is subject to change without notice. You may not have access to this Beta endpoint. Email Activity offers filtering and search by event type for two days worth of data. There is an optional add-on to store 60 days worth of data.',
    category: 'communication',
    auth: 'apiKey',
    authTypes: ['apiKey'],
    baseUrl: 'http://api.sendgrid.com/v3',
    https: false,
    cors: null,
    free: true,
    rating: null,
    logo: 'https://user-images.githubusercontent.com/21603/27865240-b4c0da22-6189-11e7-9f2c-f35f4c6fa57c.png',
    version: '1.0.0',
    updated: '2026-08-21',
    description:
      'The Beta endpoints for the new Email Activity APIs - functionality is subject to change without notice. You may not have access to this Beta endpoint.\n\nEmail Activity offers filtering and search by event type for two days worth of data. There is an optional add-on to store 60 days worth of data. This add-on also gives you access to the ability to download a CSV of the 60 days worth of email event data. The Beta endpoints for the new Email Activity APIs - functionality is subject to change without notice. You may not have access to this Beta endpoint.\n\nEmail Activity offers filtering and search by event type for two days worth of data. There is an optional add-on to store 60 days worth of data. This add-on also gives you access to the ability to download a CSV of the 60 days worth of email event data.',
    docs: 'https://sendgrid.com/docs/API_Reference/Web_API_v3/index.html',
    endpoints: [
      {
        method: 'GET',
        path: '/access_settings/activity',
        summary: 'Retrieve all recent access attempts',
      },
      {
        method: 'GET',
        path: '/access_settings/whitelist',
        summary: 'Retrieve a list of currently allowed IPs',
      },
      {
        method: 'POST',
        path: '/access_settings/whitelist',
        summary: 'Add one or more IPs to the allow list',
      },
      {
        method: 'DELETE',
        path: '/access_settings/whitelist',
        summary: 'Remove one or more IPs from the allow list',
      },
      {
        method: 'GET',
        path: '/access_settings/whitelist/{rule_id}',
        summary: 'Retrieve a specific allowed IP',
      },
      {
        method: 'DELETE',
        path: '/access_settings/whitelist/{rule_id}',
        summary: 'Remove a specific IP from the allowed list',
      },
      {
        method: 'GET',
        path: '/alerts',
        summary: 'Retrieve all alerts',
      },
      {
        method: 'POST',
        path: '/alerts',
        summary: 'Create a new Alert',
      },
    ],
    endpointCount: 334,
    sources: ['apis-guru', 'public-apis'],
    entry: 'sendgrid-com',
    versions: [{ id: 'sendgrid-com', label: 'sendgrid-com' }],
  },
  {
    id: 'openai-com',
    name: 'OpenAI API',
    provider: 'openai.com',
    summary: 'APIs for sampling from and fine-tuning language models',
    category: 'ai-ml',
    auth: 'none',
    authTypes: ['none'],
    baseUrl: 'https://api.openai.com/v1',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://learnodo-newtonic.com/wp-content/uploads/2020/04/Logo-of-OpenAI-768x161.jpg',
    version: '1.2.0',
    updated: '2026-08-21',
    description: 'APIs for sampling from and fine-tuning language models',
    docs: 'https://raw.githubusercontent.com/openai/openai-openapi/master/openapi.yaml',
    endpoints: [
      {
        method: 'POST',
        path: '/answers',
        summary:
          'Answers the specified question using the provided documents and examples. The endpoint first searches over provided documents or files to find relevant…',
      },
      {
        method: 'POST',
        path: '/audio/transcriptions',
        summary: 'Transcribes audio into the input language.',
      },
      {
        method: 'POST',
        path: '/audio/translations',
        summary: 'Translates audio into into English.',
      },
      {
        method: 'POST',
        path: '/chat/completions',
        summary: 'Creates a completion for the chat message',
      },
      {
        method: 'POST',
        path: '/classifications',
        summary:
          'Classifies the specified query using provided examples. The endpoint first searches over the labeled examples to select the ones most relevant for the…',
      },
      {
        method: 'POST',
        path: '/completions',
        summary: 'Creates a completion for the provided prompt and parameters',
      },
      {
        method: 'POST',
        path: '/edits',
        summary: 'Creates a new edit for the provided input, instruction, and parameters.',
      },
      {
        method: 'POST',
        path: '/embeddings',
        summary: 'Creates an embedding vector representing the input text.',
      },
    ],
    endpointCount: 28,
    sources: ['apis-guru'],
    entry: 'openai-com',
    versions: [{ id: 'openai-com', label: 'openai-com' }],
  },
  {
    id: 'github-com-api-github-com',
    name: 'GitHub v3 REST API',
    provider: 'github.com',
    summary: "GitHub's v3 REST API.",
    category: 'developer-tools',
    auth: 'none',
    authTypes: ['none'],
    baseUrl: 'https://api.github.com',
    https: true,
    cors: true,
    free: true,
    rating: null,
    logo: 'https://twitter.com/github/profile_image?size=original',
    version: '1.1.4',
    updated: '2026-08-21',
    description: "GitHub's v3 REST API.",
    docs: 'https://docs.github.com/rest/',
    endpoints: [
      {
        method: 'GET',
        path: '/',
        summary: 'GitHub API Root',
      },
      {
        method: 'GET',
        path: '/app',
        summary: 'Get the authenticated app',
      },
      {
        method: 'POST',
        path: '/app-manifests/{code}/conversions',
        summary: 'Create a GitHub App from a manifest',
      },
      {
        method: 'GET',
        path: '/app/hook/config',
        summary: 'Get a webhook configuration for an app',
      },
      {
        method: 'PATCH',
        path: '/app/hook/config',
        summary: 'Update a webhook configuration for an app',
      },
      {
        method: 'GET',
        path: '/app/hook/deliveries',
        summary: 'List deliveries for an app webhook',
      },
      {
        method: 'GET',
        path: '/app/hook/deliveries/{delivery_id}',
        summary: 'Get a delivery for an app webhook',
      },
      {
        method: 'POST',
        path: '/app/hook/deliveries/{delivery_id}/attempts',
        summary: 'Redeliver a delivery for an app webhook',
      },
    ],
    endpointCount: 845,
    sources: ['apis-guru', 'public-apis'],
    entry: 'github-com-api-github-com',
    versions: [
      { id: 'github-com-api-github-com', label: 'api.github.com' },
      { id: 'github-com-github-ae', label: 'github.ae' },
      { id: 'github-com-ghes-3-8', label: 'ghes-3.8' },
      { id: 'github-com-ghes-3-7', label: 'ghes-3.7' },
      { id: 'github-com-ghes-3-6', label: 'ghes-3.6' },
      { id: 'github-com-ghes-3-5', label: 'ghes-3.5' },
      { id: 'github-com-ghes-3-4', label: 'ghes-3.4' },
      { id: 'github-com-ghes-3-3', label: 'ghes-3.3' },
      { id: 'github-com-ghes-3-2', label: 'ghes-3.2' },
      { id: 'github-com-ghes-3-1', label: 'ghes-3.1' },
      { id: 'github-com-ghes-3-0', label: 'ghes-3.0' },
      { id: 'github-com-ghes-2-22', label: 'ghes-2.22' },
      { id: 'github-com-ghes-2-21', label: 'ghes-2.21' },
      { id: 'github-com-ghes-2-20', label: 'ghes-2.20' },
      { id: 'github-com-ghes-2-19', label: 'ghes-2.19' },
      { id: 'github-com-ghes-2-18', label: 'ghes-2.18' },
    ],
  },
  {
    id: 'github-com-ghes-3-8',
    name: 'GitHub v3 REST API',
    provider: 'github.com',
    summary: "GitHub's v3 REST API.",
    category: 'developer-tools',
    auth: 'oauth2',
    authTypes: ['oauth2'],
    baseUrl: 'https://github.com',
    https: true,
    cors: true,
    free: true,
    rating: null,
    logo: 'https://twitter.com/github/profile_image?size=original',
    version: '1.1.4',
    updated: '2026-08-21',
    description: "GitHub's v3 REST API.",
    docs: 'https://docs.github.com/enterprise-server@3.8/rest/',
    endpoints: [
      { method: 'GET', path: '/', summary: 'GitHub API Root' },
      { method: 'GET', path: '/admin/hooks', summary: 'List global webhooks' },
      { method: 'POST', path: '/admin/hooks', summary: 'Create a global webhook' },
      { method: 'GET', path: '/admin/hooks/{hook_id}', summary: 'Get a global webhook' },
      { method: 'DELETE', path: '/admin/hooks/{hook_id}', summary: 'Delete a global webhook' },
      { method: 'PATCH', path: '/admin/hooks/{hook_id}', summary: 'Update a global webhook' },
      { method: 'POST', path: '/admin/hooks/{hook_id}/pings', summary: 'Ping a global webhook' },
      { method: 'GET', path: '/admin/keys', summary: 'List public keys' },
    ],
    endpointCount: 869,
    sources: ['apis-guru', 'public-apis'],
    entry: 'github-com-api-github-com',
    versions: [
      { id: 'github-com-api-github-com', label: 'api.github.com' },
      { id: 'github-com-github-ae', label: 'github.ae' },
      { id: 'github-com-ghes-3-8', label: 'ghes-3.8' },
      { id: 'github-com-ghes-3-7', label: 'ghes-3.7' },
      { id: 'github-com-ghes-3-6', label: 'ghes-3.6' },
      { id: 'github-com-ghes-3-5', label: 'ghes-3.5' },
      { id: 'github-com-ghes-3-4', label: 'ghes-3.4' },
      { id: 'github-com-ghes-3-3', label: 'ghes-3.3' },
      { id: 'github-com-ghes-3-2', label: 'ghes-3.2' },
      { id: 'github-com-ghes-3-1', label: 'ghes-3.1' },
      { id: 'github-com-ghes-3-0', label: 'ghes-3.0' },
      { id: 'github-com-ghes-2-22', label: 'ghes-2.22' },
      { id: 'github-com-ghes-2-21', label: 'ghes-2.21' },
      { id: 'github-com-ghes-2-20', label: 'ghes-2.20' },
      { id: 'github-com-ghes-2-19', label: 'ghes-2.19' },
      { id: 'github-com-ghes-2-18', label: 'ghes-2.18' },
    ],
  },
  {
    id: 'googleapis-com-youtube',
    name: 'YouTube Data API v3',
    provider: 'googleapis.com',
    summary:
      'The YouTube Data API v3 is an API that provides access to YouTube data, such as videos, playlists, and channels.',
    category: 'media-entertainment',
    auth: 'oauth2',
    authTypes: ['oauth2'],
    baseUrl: 'https://youtube.googleapis.com',
    https: true,
    cors: null,
    free: true,
    rating: null,
    logo: 'https://www.google.com/images/branding/googlelogo/2x/googlelogo_color_272x92dp.png',
    version: 'v3',
    updated: '2026-08-21',
    description:
      'The YouTube Data API v3 is an API that provides access to YouTube data, such as videos, playlists, and channels.',
    docs: 'https://developers.google.com/youtube/',
    endpoints: [
      {
        method: 'POST',
        path: '/youtube/v3/abuseReports',
        summary: 'Inserts a new resource into this collection.',
      },
      {
        method: 'GET',
        path: '/youtube/v3/activities',
        summary: 'Retrieves a list of resources, possibly filtered.',
      },
      {
        method: 'GET',
        path: '/youtube/v3/captions',
        summary: 'Retrieves a list of resources, possibly filtered.',
      },
      {
        method: 'PUT',
        path: '/youtube/v3/captions',
        summary: 'Updates an existing resource.',
      },
      {
        method: 'POST',
        path: '/youtube/v3/captions',
        summary: 'Inserts a new resource into this collection.',
      },
      {
        method: 'DELETE',
        path: '/youtube/v3/captions',
        summary: 'Deletes a resource.',
      },
      {
        method: 'GET',
        path: '/youtube/v3/captions/{id}',
        summary: 'Downloads a caption track.',
      },
      {
        method: 'POST',
        path: '/youtube/v3/channelBanners/insert',
        summary: 'Inserts a new resource into this collection.',
      },
    ],
    endpointCount: 80,
    sources: ['apis-guru', 'public-apis'],
    entry: 'googleapis-com-youtube',
    versions: [{ id: 'googleapis-com-youtube', label: 'googleapis-com-youtube' }],
  },
  {
    id: 'spotify-com',
    name: 'Spotify Web API',
    provider: 'spotify.com',
    summary:
      "You can use Spotify's Web API to discover music and podcasts, manage your Spotify library, control audio playback, and much more. Browse our available Web API endpoints using the sidebar at left, or via the navigation bar on top of this page on smaller screens.",
    category: 'media-entertainment',
    auth: 'oauth2',
    authTypes: ['oauth2'],
    baseUrl: 'https://api.spotify.com/v1',
    https: true,
    cors: null,
    free: true,
    rating: null,
    logo: 'https://logo-core.clearbit.com/spotify.com',
    version: '1.0.0',
    updated: '2026-08-21',
    description:
      'You can use Spotify\'s Web API to discover music and podcasts, manage your Spotify library, control audio playback, and much more. Browse our available Web API endpoints using the sidebar at left, or via the navigation bar on top of this page on smaller screens.\n\nIn order to make successful Web API requests your app will need a valid access token. One can be obtained through <a href="https://developer.spotify.com/documentation/general/guides/authorization-guide/">OAuth 2.0</a>.\n\nThe base URI for all Web API requests is `https://api.spotify.com/v1`.\n\nNeed help? See our <a href="https://developer.spotify.com/documentation/web-api/guides/">Web API guides</a> for more information, or visit the <a href="https://community.spotify.com/t5/Spotify-for-Developers/bd-p/Spotify_Developer">Spotify for Developers community forum</a> to ask questions and connect with other developers.',
    docs: 'https://developer.spotify.com/_data/documentation/web-api/reference/open-api-schema.yml',
    endpoints: [
      {
        method: 'GET',
        path: '/albums',
        summary: 'Get Several Albums',
      },
      {
        method: 'GET',
        path: '/albums/{id}',
        summary: 'Get Album',
      },
      {
        method: 'GET',
        path: '/albums/{id}/tracks',
        summary: 'Get Album Tracks',
      },
      {
        method: 'GET',
        path: '/artists',
        summary: 'Get Several Artists',
      },
      {
        method: 'GET',
        path: '/artists/{id}',
        summary: 'Get Artist',
      },
      {
        method: 'GET',
        path: '/artists/{id}/albums',
        summary: "Get Artist's Albums",
      },
      {
        method: 'GET',
        path: '/artists/{id}/related-artists',
        summary: "Get Artist's Related Artists",
      },
      {
        method: 'GET',
        path: '/artists/{id}/top-tracks',
        summary: "Get Artist's Top Tracks",
      },
    ],
    endpointCount: 88,
    sources: ['apis-guru', 'public-apis'],
    entry: 'spotify-com',
    versions: [{ id: 'spotify-com', label: 'spotify-com' }],
  },
  {
    id: 'nytimes-com-article-search',
    name: 'Article Search API',
    provider: 'nytimes.com',
    summary:
      'With the Article Search API, you can search New York Times articles from Sept. 18, 1851 to today, retrieving headlines, abstracts, lead paragraphs, links to associated multimedia and other article metadata.',
    category: 'media-entertainment',
    auth: 'apiKey',
    authTypes: ['apiKey'],
    baseUrl: 'https://api.nytimes.com/svc/search/v2',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://static01.nyt.com/images/icons/t_logo_291_black.png',
    version: '1.0.0',
    updated: '2026-08-21',
    description:
      'With the Article Search API, you can search New York Times articles from Sept. 18, 1851 to today, retrieving headlines, abstracts, lead paragraphs, links to associated multimedia and other article metadata.  \n\n Note: In URI examples and field names, italics indicate placeholders for variables or values. Brackets [ ] indicate optional items. Parentheses ( ) are not a convention — when URIs include parentheses, interpret them literally.',
    docs: 'http://developer.nytimes.com/',
    endpoints: [
      {
        method: 'GET',
        path: '/articlesearch.json',
        summary: 'Article Search',
      },
    ],
    endpointCount: 1,
    sources: ['apis-guru'],
    entry: 'nytimes-com-article-search',
    versions: [{ id: 'nytimes-com-article-search', label: 'nytimes-com-article-search' }],
  },
  {
    id: 'googleapis-com-translate',
    name: 'Cloud Translation API',
    provider: 'googleapis.com',
    summary: 'Integrates text translation into your website or application.',
    category: 'text-language',
    auth: 'oauth2',
    authTypes: ['oauth2'],
    baseUrl: 'https://translation.googleapis.com',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://www.google.com/images/branding/googlelogo/2x/googlelogo_color_272x92dp.png',
    version: 'v3beta1',
    updated: '2026-08-21',
    description: 'Integrates text translation into your website or application.',
    docs: 'https://cloud.google.com/translate/docs/quickstarts',
    endpoints: [
      {
        method: 'GET',
        path: '/v3beta1/{name}',
        summary:
          'Gets the latest state of a long-running operation. Clients can use this method to poll the operation result at intervals as recommended by the API service.',
      },
      {
        method: 'DELETE',
        path: '/v3beta1/{name}',
        summary:
          'Deletes a long-running operation. This method indicates that the client is no longer interested in the operation result. It does not cancel the operation.',
      },
      {
        method: 'GET',
        path: '/v3beta1/{name}/locations',
        summary: 'Lists information about the supported locations for this service.',
      },
      {
        method: 'GET',
        path: '/v3beta1/{name}/operations',
        summary:
          "Lists operations that match the specified filter in the request. If the server doesn't support this method, it returns UNIMPLEMENTED.",
      },
      {
        method: 'POST',
        path: '/v3beta1/{name}:cancel',
        summary:
          'Starts asynchronous cancellation on a long-running operation. The server makes a best effort to cancel the operation, but success is not guaranteed.',
      },
      {
        method: 'POST',
        path: '/v3beta1/{name}:wait',
        summary:
          'Waits until the specified long-running operation is done or reaches at most a specified timeout, returning the latest state.',
      },
      {
        method: 'GET',
        path: '/v3beta1/{parent}/glossaries',
        summary: "Lists glossaries in a project. Returns NOT_FOUND, if the project doesn't exist.",
      },
      {
        method: 'POST',
        path: '/v3beta1/{parent}/glossaries',
        summary:
          "Creates a glossary and returns the long-running operation. Returns NOT_FOUND, if the project doesn't exist.",
      },
    ],
    endpointCount: 14,
    sources: ['apis-guru'],
    entry: 'googleapis-com-translate',
    versions: [{ id: 'googleapis-com-translate', label: 'googleapis-com-translate' }],
  },
  {
    id: 'visualcrossing-com-weather',
    name: 'Visual Crossing Weather API',
    provider: 'visualcrossing.com',
    summary: 'Weather Forecast and Historical Weather Data via RESTful API.',
    category: 'location',
    auth: 'none',
    authTypes: ['none'],
    baseUrl: 'https://weather.visualcrossing.com',
    https: true,
    cors: true,
    free: true,
    rating: null,
    logo: 'https://twitter.com/visualcrossing/profile_image?size=original',
    version: '4.6',
    updated: '2026-08-21',
    description: 'Weather Forecast and Historical Weather Data via RESTful API.',
    docs: 'https://www.visualcrossing.com/resources/documentation/weather-api/timeline-weather-api/',
    endpoints: [
      {
        method: 'GET',
        path: '/VisualCrossingWebServices/rest/services/timeline/{location}',
        summary: 'Historical and Forecast Weather API',
      },
      {
        method: 'GET',
        path: '/VisualCrossingWebServices/rest/services/timeline/{location}/{startdate}',
        summary: 'Historical and Forecast Weather API',
      },
      {
        method: 'GET',
        path: '/VisualCrossingWebServices/rest/services/timeline/{location}/{startdate}/{enddate}',
        summary: 'Historical and Forecast Weather API',
      },
      {
        method: 'GET',
        path: '/VisualCrossingWebServices/rest/services/weatherdata/forecast',
        summary: 'Weather Forecast API',
      },
      {
        method: 'GET',
        path: '/VisualCrossingWebServices/rest/services/weatherdata/history',
        summary: 'Retrieves hourly or daily historical weather records.',
      },
    ],
    endpointCount: 5,
    sources: ['apis-guru', 'public-apis'],
    entry: 'visualcrossing-com-weather',
    versions: [{ id: 'visualcrossing-com-weather', label: 'visualcrossing-com-weather' }],
  },
  {
    id: 'amazonaws-com-s3',
    name: 'Amazon Simple Storage Service',
    provider: 'amazonaws.com',
    summary: 'Amazon Simple Storage Service',
    category: 'cloud',
    auth: 'apiKey',
    authTypes: ['apiKey'],
    baseUrl: 'https://s3.us-east-1.amazonaws.com',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://twitter.com/awscloud/profile_image?size=original',
    version: '2006-03-01',
    updated: '2006-03-01',
    description: '<p/>',
    docs: 'https://docs.aws.amazon.com/s3/',
    endpoints: [
      {
        method: 'GET',
        path: '/{Bucket}/{Key}#uploadId',
        summary:
          'Lists the parts that have been uploaded for a specific multipart upload. This operation must include the upload ID, which you obtain by sending the initiate…',
      },
      {
        method: 'POST',
        path: '/{Bucket}/{Key}#uploadId',
        summary:
          'Completes a multipart upload by assembling previously uploaded parts. You first initiate the multipart upload and then upload all parts using the UploadPart…',
      },
      {
        method: 'DELETE',
        path: '/{Bucket}/{Key}#uploadId',
        summary:
          'This action aborts a multipart upload. After a multipart upload is aborted, no additional parts can be uploaded using that upload ID.',
      },
      {
        method: 'PUT',
        path: '/{Bucket}/{Key}#x-amz-copy-source',
        summary:
          'Creates a copy of an object that is already stored in Amazon S3. You can store individual objects of up to 5 TB in Amazon S3.',
      },
      {
        method: 'GET',
        path: '/{Bucket}',
        summary:
          'Returns some or all (up to 1,000) of the objects in a bucket. You can use the request parameters as selection criteria to return a subset of the objects in a…',
      },
      {
        method: 'PUT',
        path: '/{Bucket}',
        summary:
          'Creates a new S3 bucket. To create a bucket, you must register with Amazon S3 and have a valid Amazon Web Services Access Key ID to authenticate requests.',
      },
      {
        method: 'DELETE',
        path: '/{Bucket}',
        summary:
          'Deletes the S3 bucket. All objects (including all object versions and delete markers) in the bucket must be deleted before the bucket itself can be deleted.',
      },
      {
        method: 'HEAD',
        path: '/{Bucket}',
        summary:
          'This action is useful to determine if a bucket exists and you have permission to access it.',
      },
    ],
    endpointCount: 97,
    sources: ['apis-guru'],
    entry: 'amazonaws-com-s3',
    versions: [{ id: 'amazonaws-com-s3', label: 'amazonaws-com-s3' }],
  },
  {
    id: 'amazonaws-com-iot',
    name: 'AWS IoT',
    provider: 'amazonaws.com',
    summary:
      'IoT IoT provides secure, bi-directional communication between Internet-connected devices (such as sensors, actuators, embedded devices, or smart appliances) and the Amazon Web Services cloud.',
    category: 'iot',
    auth: 'apiKey',
    authTypes: ['apiKey'],
    baseUrl: 'https://iot.us-east-1.amazonaws.com',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://twitter.com/awscloud/profile_image?size=original',
    version: '2015-05-28',
    updated: '2015-05-28',
    description:
      '<fullname>IoT</fullname> <p>IoT provides secure, bi-directional communication between Internet-connected devices (such as sensors, actuators, embedded devices, or smart appliances) and the Amazon Web Services cloud. You can discover your custom IoT-Data endpoint to communicate with, configure rules for data processing and integration with other services, organize resources associated with each device (Registry), configure logging, and create and manage policies and credentials to authenticate devices.</p> <p>The service endpoints that expose this API are listed in <a href="https://docs.aws.amazon.com/general/latest/gr/iot-core.html">Amazon Web Services IoT Core Endpoints and Quotas</a>. You must use the endpoint for the region that has the resources you want to access.</p> <p>The service name used by <a href="https://docs.aws.amazon.com/general/latest/gr/signature-version-4.html">Amazon Web Services Signature Version 4</a> to sign the request is: <i>execute-api</i>.</p> <p>For more information about how IoT works, see the <a href="https://docs.aws.amazon.com/iot/latest/developerguide/aws-iot-how-it-works.html">Developer Guide</a>.</p> <p>For information about how to use the credentials provider for IoT, see <a href="https://docs.aws.amazon.com/iot/latest/developerguide/authorizing-direct-aws.html">Authorizing Direct Calls to Amazon Web Services Services</a>.</p>',
    docs: 'https://docs.aws.amazon.com/iot/',
    endpoints: [
      {
        method: 'PATCH',
        path: '/accept-certificate-transfer/{certificateId}',
        summary:
          'Accepts a pending certificate transfer. The default state of the certificate is INACTIVE.',
      },
      {
        method: 'PUT',
        path: '/billing-groups/addThingToBillingGroup',
        summary:
          'Adds a thing to a billing group. Requires permission to access the AddThingToBillingGroup action.',
      },
      {
        method: 'PUT',
        path: '/thing-groups/addThingToThingGroup',
        summary:
          'Adds a thing to a thing group. Requires permission to access the AddThingToThingGroup action.',
      },
      {
        method: 'POST',
        path: '/jobs/{jobId}/targets',
        summary:
          'Associates a group with a continuous job. The following criteria must be met: The job must have been created with the targetSelection field set to…',
      },
      {
        method: 'PUT',
        path: '/target-policies/{policyName}',
        summary:
          'Attaches the specified policy to the specified principal (certificate or other credential). Requires permission to access the AttachPolicy action.',
      },
      {
        method: 'POST',
        path: '/target-policies/{policyName}',
        summary:
          'Detaches a policy from the specified target. Because of the distributed nature of Amazon Web Services, it can take up to five minutes after a policy is…',
      },
      {
        method: 'PUT',
        path: '/principal-policies/{policyName}#x-amzn-iot-principal',
        summary:
          'Attaches the specified policy to the specified principal (certificate or other credential).',
      },
      {
        method: 'DELETE',
        path: '/principal-policies/{policyName}#x-amzn-iot-principal',
        summary:
          "Removes the specified policy from the specified certificate. Note: This action is deprecated and works as expected for backward compatibility, but we won't…",
      },
    ],
    endpointCount: 250,
    sources: ['apis-guru'],
    entry: 'amazonaws-com-iot',
    versions: [{ id: 'amazonaws-com-iot', label: 'amazonaws-com-iot' }],
  },
  {
    id: '1password-local-connect',
    name: '1Password Connect',
    provider: '1password.local',
    summary: 'REST API interface for 1Password Connect.',
    category: 'security',
    auth: 'bearer',
    authTypes: ['bearer'],
    baseUrl: 'http://1password.local',
    https: false,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://1password.com/img/meta-og-image.png',
    version: '1.5.7',
    updated: '2026-08-21',
    description: 'REST API interface for 1Password Connect.',
    docs: 'https://support.1password.com/',
    endpoints: [
      {
        method: 'GET',
        path: '/activity',
        summary: 'Retrieve a list of API Requests that have been made.',
      },
      {
        method: 'GET',
        path: '/health',
        summary: 'Get state of the server and its dependencies.',
      },
      {
        method: 'GET',
        path: '/heartbeat',
        summary: 'Ping the server for liveness',
      },
      {
        method: 'GET',
        path: '/metrics',
        summary: 'Query server for exposed Prometheus metrics',
      },
      {
        method: 'GET',
        path: '/vaults',
        summary: 'Get all Vaults',
      },
      {
        method: 'GET',
        path: '/vaults/{vaultUuid}',
        summary: 'Get Vault details and metadata',
      },
      {
        method: 'GET',
        path: '/vaults/{vaultUuid}/items',
        summary: 'Get all items for inside a Vault',
      },
      {
        method: 'POST',
        path: '/vaults/{vaultUuid}/items',
        summary: 'Create a new Item',
      },
    ],
    endpointCount: 15,
    sources: ['apis-guru'],
    entry: '1password-local-connect',
    versions: [{ id: '1password-local-connect', label: '1password-local-connect' }],
  },
  {
    id: 'xero-com-xero-accounting',
    name: 'Xero Accounting API',
    provider: 'xero.com',
    summary: 'Xero Accounting API',
    category: 'finance',
    auth: 'oauth2',
    authTypes: ['oauth2'],
    baseUrl: 'https://api.xero.com/api.xro/2.0',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: null,
    version: '2.9.4',
    updated: '2026-08-21',
    description: '',
    docs: 'https://developer.xero.com',
    endpoints: [
      {
        method: 'GET',
        path: '/Accounts',
        summary: 'Retrieves the full chart of accounts',
      },
      {
        method: 'PUT',
        path: '/Accounts',
        summary: 'Creates a new chart of accounts',
      },
      {
        method: 'GET',
        path: '/Accounts/{AccountID}',
        summary: 'Retrieves a single chart of accounts by using a unique account Id',
      },
      {
        method: 'POST',
        path: '/Accounts/{AccountID}',
        summary: 'Updates a chart of accounts',
      },
      {
        method: 'DELETE',
        path: '/Accounts/{AccountID}',
        summary: 'Deletes a chart of accounts',
      },
      {
        method: 'GET',
        path: '/Accounts/{AccountID}/Attachments',
        summary: 'Retrieves attachments for a specific accounts by using a unique account Id',
      },
      {
        method: 'GET',
        path: '/Accounts/{AccountID}/Attachments/{AttachmentID}',
        summary:
          'Retrieves a specific attachment from a specific account using a unique attachment Id',
      },
      {
        method: 'GET',
        path: '/Accounts/{AccountID}/Attachments/{FileName}',
        summary: 'Retrieves an attachment for a specific account by filename',
      },
    ],
    endpointCount: 224,
    sources: ['apis-guru'],
    entry: 'xero-com-xero-accounting',
    versions: [{ id: 'xero-com-xero-accounting', label: 'xero-com-xero-accounting' }],
  },
  {
    id: 'googleapis-com-calendar',
    name: 'Calendar API',
    provider: 'googleapis.com',
    summary: 'Manipulates events and other calendar data.',
    category: 'productivity',
    auth: 'oauth2',
    authTypes: ['oauth2'],
    baseUrl: 'https://www.googleapis.com/calendar/v3',
    https: true,
    cors: null,
    free: true,
    rating: null,
    logo: 'https://www.google.com/images/branding/googlelogo/2x/googlelogo_color_272x92dp.png',
    version: 'v3',
    updated: '2026-08-21',
    description: 'Manipulates events and other calendar data.',
    docs: 'https://developers.google.com/google-apps/calendar/firstapp',
    endpoints: [
      {
        method: 'POST',
        path: '/calendars',
        summary: 'Creates a secondary calendar.',
      },
      {
        method: 'GET',
        path: '/calendars/{calendarId}',
        summary: 'Returns metadata for a calendar.',
      },
      {
        method: 'PUT',
        path: '/calendars/{calendarId}',
        summary: 'Updates metadata for a calendar.',
      },
      {
        method: 'DELETE',
        path: '/calendars/{calendarId}',
        summary:
          'Deletes a secondary calendar. Use calendars.clear for clearing all events on primary calendars.',
      },
      {
        method: 'PATCH',
        path: '/calendars/{calendarId}',
        summary: 'Updates metadata for a calendar. This method supports patch semantics.',
      },
      {
        method: 'GET',
        path: '/calendars/{calendarId}/acl',
        summary: 'Returns the rules in the access control list for the calendar.',
      },
      {
        method: 'POST',
        path: '/calendars/{calendarId}/acl',
        summary: 'Creates an access control rule.',
      },
      {
        method: 'POST',
        path: '/calendars/{calendarId}/acl/watch',
        summary: 'Watch for changes to ACL resources.',
      },
    ],
    endpointCount: 37,
    sources: ['apis-guru', 'public-apis'],
    entry: 'googleapis-com-calendar',
    versions: [{ id: 'googleapis-com-calendar', label: 'googleapis-com-calendar' }],
  },
  {
    id: 'mailchimp-com',
    name: 'Mailchimp Marketing API',
    provider: 'mailchimp.com',
    summary: 'Mailchimp Marketing API',
    category: 'marketing-social',
    auth: 'basic',
    authTypes: ['basic'],
    baseUrl: 'https://server.api.mailchimp.com/3.0',
    https: true,
    cors: null,
    free: true,
    rating: null,
    logo: 'https://eep.io/images/yzco4xsimv0y/10ZRu9hZ1QQ5u1QQMu7qN1/57f679c6e8f6dd60a01d54f870fae6b7/MC_50-50_-_Brand_Assets_03.png?w=980&fm=webp&q=70',
    version: '3.0.55',
    updated: '2026-08-21',
    description: '',
    docs: 'https://mailchimp.com/developer/marketing/',
    endpoints: [
      {
        method: 'GET',
        path: '/',
        summary: 'List api root resources',
      },
      {
        method: 'GET',
        path: '/account-exports',
        summary: 'List account exports',
      },
      {
        method: 'POST',
        path: '/account-exports',
        summary: 'Add export',
      },
      {
        method: 'GET',
        path: '/account-exports/{export_id}',
        summary: 'Get account export info',
      },
      {
        method: 'GET',
        path: '/activity-feed/chimp-chatter',
        summary: 'Get latest chimp chatter',
      },
      {
        method: 'GET',
        path: '/authorized-apps',
        summary: 'List authorized apps',
      },
      {
        method: 'GET',
        path: '/authorized-apps/{app_id}',
        summary: 'Get authorized app info',
      },
      {
        method: 'GET',
        path: '/automations',
        summary: 'List automations',
      },
    ],
    endpointCount: 272,
    sources: ['apis-guru', 'public-apis'],
    entry: 'mailchimp-com',
    versions: [{ id: 'mailchimp-com', label: 'mailchimp-com' }],
  },
  {
    id: 'archive-org-wayback',
    name: 'Wayback API',
    provider: 'archive.org',
    summary: "API for Internet Archive's Wayback Machine",
    category: 'open-data',
    auth: 'none',
    authTypes: ['none'],
    baseUrl: 'https://api.archive.org',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://twitter.com/internetarchive/profile_image?size=original',
    version: '1.0.0',
    updated: '2026-08-21',
    description: "API for Internet Archive's Wayback Machine",
    docs: 'https://raw.githubusercontent.com/ArchiveLabs/api.archive.org/master/swagger/wayback.json',
    endpoints: [
      {
        method: 'GET',
        path: '/wayback/v1/available',
        summary: '',
      },
      {
        method: 'POST',
        path: '/wayback/v1/available',
        summary: '',
      },
    ],
    endpointCount: 2,
    sources: ['apis-guru'],
    entry: 'archive-org-wayback',
    versions: [{ id: 'archive-org-wayback', label: 'archive-org-wayback' }],
  },
  {
    id: 'amadeus-com-amadeus-flight-offers-price',
    name: 'Flight Offers Price',
    provider: 'amadeus.com',
    summary:
      'Before using this API, we recommend you read our Authorization Guide for more information on how to generate an access token. Please also be aware that our test environment is based on a subset of the production, if you are not returning any results try with big cities/airports like LON (London)…',
    category: 'transport',
    auth: 'none',
    authTypes: ['none'],
    baseUrl: 'https://test.api.amadeus.com/v1',
    https: true,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://amadeus.com/images/en/technology/mobile-tablet/mobile-woman-office-city.jpg.transform/medium/img.jpg',
    version: '1.2.2',
    updated: '2026-08-21',
    description:
      'Before using this API, we recommend you read our **[Authorization Guide](https://developers.amadeus.com/self-service/apis-docs/guides/authorization-262)** for more information on how to generate an access token. \n\nPlease also be aware that our test environment is based on a subset of the production, if you are not returning any results try with big cities/airports like LON (London) or NYC (New-York).',
    docs: 'https://raw.githubusercontent.com/amadeus4dev/amadeus-open-api-specification/main/spec/json/FlightOffersPrice_v1_swagger_specification.json',
    endpoints: [
      {
        method: 'POST',
        path: '/shopping/flight-offers/pricing',
        summary: 'Confirm pricing of given flightOffers.',
      },
    ],
    endpointCount: 1,
    sources: ['apis-guru'],
    entry: 'amadeus-com-amadeus-flight-offers-price',
    versions: [
      {
        id: 'amadeus-com-amadeus-flight-offers-price',
        label: 'amadeus-com-amadeus-flight-offers-price',
      },
    ],
  },
  {
    id: 'adyen-com-balanceplatformconfigurationnotification-v1',
    name: 'Configuration webhooks',
    provider: 'adyen.com',
    summary:
      "Adyen sends webhooks to inform your system about events that occur in your platform. These events include, for example, when an account holder's capabilities are updated, or when a sweep configuration is created or updated.",
    category: 'payments',
    auth: 'basic',
    authTypes: ['basic'],
    baseUrl: null,
    https: null,
    cors: null,
    free: null,
    rating: null,
    logo: 'https://twitter.com/Adyen/profile_image?size=original',
    version: '1',
    updated: '2026-08-21',
    description:
      "Adyen sends webhooks to inform your system about events that occur in your platform. These events include, for example, when an account holder's capabilities are updated, or when a sweep configuration is created or updated. \nWhen an event occurs, Adyen makes an HTTP POST request to a URL on your server and includes the details of the event in the request body.\n\nYou can use these webhooks to build your implementation. For example, you can use this information to update internal statuses when the status of a capability is changed.",
    docs: 'https://github.com/Adyen/adyen-openapi',
    endpoints: [],
    endpointCount: 0,
    sources: ['apis-guru'],
    entry: 'adyen-com-balanceplatformconfigurationnotification-v1',
    versions: [
      {
        id: 'adyen-com-balanceplatformconfigurationnotification-v1',
        label: 'adyen-com-balanceplatformconfigurationnotification-v1',
      },
    ],
  },
  {
    id: 'dogs-dog-ceo',
    name: 'Dogs',
    provider: 'dog.ceo',
    summary: 'Based on the Stanford Dogs Dataset',
    category: 'open-data',
    auth: 'none',
    authTypes: ['none'],
    baseUrl: null,
    https: true,
    cors: true,
    free: true,
    rating: null,
    logo: null,
    version: '',
    updated: '2026-11-26',
    description: 'Based on the Stanford Dogs Dataset',
    docs: 'https://dog.ceo/dog-api/',
    endpoints: [],
    endpointCount: 0,
    sources: ['public-apis'],
    entry: 'dogs-dog-ceo',
    versions: [{ id: 'dogs-dog-ceo', label: 'dogs-dog-ceo' }],
  },
]

/** Measured health by directory entry; the others are not checked yet. */
const HEALTH: Record<string, ApiHealth> = {
  'stripe-com': healthyCorsBlocked,
  'github-com-api-github-com': healthyCorsAllowed,
  'dogs-dog-ceo': healthyCorsAllowed,
  'twilio-com-api': down,
  'openai-com': networkUnavailable,
}

/** As the server answers: measured HTTPS and CORS first, then the sources'. */
const withHealth = (api: Omit<ApiDetail, 'descriptionHtml' | 'health' | 'verified'>) => {
  const health = HEALTH[api.entry] ?? null
  const measured = health?.status ? health : null
  return {
    ...api,
    https: measured?.https ?? api.https,
    cors: measured?.cors.verdict ? measured.cors.verdict === 'allowed' : api.cors,
    health,
    // As the server says it of the APIs it found up: an operation of each answered as documented.
    verified:
      measured?.status === 'up' && measured.checkedAt
        ? {
            since: measured.checkedAt,
            claims: [
              {
                kind: 'reachable' as const,
                claim: 'Answered its address',
                operationKey: null,
                at: measured.checkedAt,
              },
              {
                kind: 'matches-document' as const,
                claim: `${api.endpoints[0]?.method ?? 'GET'} ${api.endpoints[0]?.path ?? '/'} answered as its document says`,
                operationKey: null,
                at: measured.checkedAt,
              },
            ],
          }
        : null,
  }
}

/** Every API of the fixtures, in full, as GET /api/apis/:id answers. */
export const apiDetails: ApiDetail[] = fixtures.map((api) => ({
  ...withHealth(api),
  descriptionHtml: DESCRIPTION_HTML[api.id] ?? '',
}))

const toSummary = ({
  entry: _entry,
  versions: _versions,
  description: _description,
  descriptionHtml: _descriptionHtml,
  authTypes: _authTypes,
  docs: _docs,
  endpoints: _endpoints,
  health,
  ...summary
}: ApiDetail): ApiSummary => ({
  ...summary,
  health: health && {
    status: health.status,
    checkedAt: health.checkedAt,
    networkUnavailableAt: health.networkUnavailableAt,
  },
})

/**
 * The directory entries as lists show them (a version other than its entry's default is not
 * listed), sorted by name.
 */
export const apiSummaries: ApiSummary[] = apiDetails
  .filter((api) => api.entry === api.id)
  .map(toSummary)
  .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }))

/** Stripe's API: what a search for "stripe" puts first. */
export const stripeApi = apiDetails.find((api) => api.id === 'stripe-com')!

/** An API only the public-apis list knows: no operations, its docs, no server address. */
export const listOnlyApi = apiDetails.find((api) => api.id === 'dogs-dog-ceo')!

/** An API the checker has not reached yet: Square's. */
export const uncheckedApi = apiDetails.find((api) => api.id === 'squareup-com')!

/** An API down at its last check: Twilio's. */
export const downApi = apiDetails.find((api) => api.id === 'twilio-com-api')!

/** An API whose last check found no network on our side: OpenAI's. */
export const networkUnavailableApi = apiDetails.find((api) => api.id === 'openai-com')!

/** GitHub's REST API: an entry of 16 versions, api.github.com the default. */
export const githubApi = apiDetails.find((api) => api.id === 'github-com-api-github-com')!

/** One of its other versions, GitHub Enterprise Server 3.8. */
export const githubEnterpriseApi = apiDetails.find((api) => api.id === 'github-com-ghes-3-8')!

/**
 * A synthetic record as ATLAS_SYNTHETIC_APIS adds them for scale tests (server/catalog/synthetic.ts,
 * its first): marked by its source and its `.example` domain. Not in the lists above: no
 * catalogue a visitor sees holds one.
 */
export const syntheticApi: ApiDetail = {
  id: 'synthetic-000001-pinegate-managed-database',
  name: 'Pinegate Managed Database API',
  provider: 'pinegate-managed-database.example',
  summary:
    'Provision and manage cloud infrastructure with Pinegate: buckets and clusters over a REST API.',
  category: 'cloud',
  auth: 'basic',
  authTypes: ['basic'],
  baseUrl: 'https://api.pinegate-managed-database.example/v4',
  https: true,
  cors: true,
  free: false,
  rating: null,
  logo: null,
  version: '4.0.0',
  updated: '2019-01-19',
  description:
    'Provision and manage cloud infrastructure with Pinegate: buckets and clusters over a REST API.\n\nSynthetic record number 1: generated for scale tests and benchmarks (ATLAS_SYNTHETIC_APIS). It is not a real API, and its domain does not exist.',
  descriptionHtml:
    '<p>Provision and manage cloud infrastructure with Pinegate: buckets and clusters over a REST API.</p>\n<p>Synthetic record number 1: generated for scale tests and benchmarks (ATLAS_SYNTHETIC_APIS). It is not a real API, and its domain does not exist.</p>',
  docs: 'https://docs.pinegate-managed-database.example/',
  endpoints: [
    { method: 'GET', path: '/records', summary: 'List records' },
    { method: 'POST', path: '/records', summary: 'Create a record' },
    { method: 'GET', path: '/records/{record_id}', summary: 'Get a record' },
    { method: 'DELETE', path: '/records/{record_id}', summary: 'Delete a record' },
  ],
  endpointCount: 4,
  sources: ['synthetic'],
  entry: 'synthetic-000001-pinegate-managed-database',
  versions: [
    {
      id: 'synthetic-000001-pinegate-managed-database',
      label: 'synthetic-000001-pinegate-managed-database',
    },
  ],
  health: null,
  verified: null,
}

/** The synthetic record as a card shows it. */
export const syntheticApiSummary: ApiSummary = toSummary(syntheticApi)
