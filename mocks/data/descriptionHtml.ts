// Each fixture's description as the server renders and sanitises it (server/catalog/description.ts);
// fixtures.test.ts checks they still match. Regenerate with renderDescription when a description
// changes.
export const DESCRIPTION_HTML: Record<string, string> = {
  'stripe-com':
    '<p>The Stripe REST API. Please see <a href="https://stripe.com/docs/api" target="_blank" rel="noopener noreferrer nofollow">https://stripe.com/docs/api</a> for more details.</p>',
  'squareup-com': '<p>Client library for accessing the Square Connect APIs</p>',
  'twilio-com-api': '<p>This is the public Twilio REST API.</p>',
  'slack-com':
    '<p>One way to interact with the Slack platform is its HTTP RPC-based Web API, a collection of methods requiring OAuth 2.0-based user, bot, or workspace tokens blessed with related OAuth scopes.</p>',
  'sendgrid-com':
    '<p>The Beta endpoints for the new Email Activity APIs - functionality is subject to change without notice. You may not have access to this Beta endpoint.</p>\n<p>Email Activity offers filtering and search by event type for two days worth of data. There is an optional add-on to store 60 days worth of data. This add-on also gives you access to the ability to download a CSV of the 60 days worth of email event data. The Beta endpoints for the new Email Activity APIs - functionality is subject to change without notice. You may not have access to this Beta endpoint.</p>\n<p>Email Activity offers filtering and search by event type for two days worth of data. There is an optional add-on to store 60 days worth of data. This add-on also gives you access to the ability to download a CSV of the 60 days worth of email event data.</p>',
  'openai-com': '<p>APIs for sampling from and fine-tuning language models</p>',
  'github-com-api-github-com': "<p>GitHub's v3 REST API.</p>",
  'github-com-ghes-3-8': "<p>GitHub's v3 REST API.</p>",
  'googleapis-com-youtube':
    '<p>The YouTube Data API v3 is an API that provides access to YouTube data, such as videos, playlists, and channels.</p>',
  'spotify-com':
    '<p>You can use Spotify\'s Web API to discover music and podcasts, manage your Spotify library, control audio playback, and much more. Browse our available Web API endpoints using the sidebar at left, or via the navigation bar on top of this page on smaller screens.</p>\n<p>In order to make successful Web API requests your app will need a valid access token. One can be obtained through <a href="https://developer.spotify.com/documentation/general/guides/authorization-guide/" target="_blank" rel="noopener noreferrer nofollow">OAuth 2.0</a>.</p>\n<p>The base URI for all Web API requests is <code>https://api.spotify.com/v1</code>.</p>\n<p>Need help? See our <a href="https://developer.spotify.com/documentation/web-api/guides/" target="_blank" rel="noopener noreferrer nofollow">Web API guides</a> for more information, or visit the <a href="https://community.spotify.com/t5/Spotify-for-Developers/bd-p/Spotify_Developer" target="_blank" rel="noopener noreferrer nofollow">Spotify for Developers community forum</a> to ask questions and connect with other developers.</p>',
  'nytimes-com-article-search':
    '<p>With the Article Search API, you can search New York Times articles from Sept. 18, 1851 to today, retrieving headlines, abstracts, lead paragraphs, links to associated multimedia and other article metadata.  </p>\n<p> Note: In URI examples and field names, italics indicate placeholders for variables or values. Brackets [ ] indicate optional items. Parentheses ( ) are not a convention — when URIs include parentheses, interpret them literally.</p>',
  'googleapis-com-translate':
    '<p>Integrates text translation into your website or application.</p>',
  'visualcrossing-com-weather':
    '<p>Weather Forecast and Historical Weather Data via RESTful API.</p>',
  'amazonaws-com-s3': '',
  'amazonaws-com-iot':
    '<p>IoT </p><p>IoT provides secure, bi-directional communication between Internet-connected devices (such as sensors, actuators, embedded devices, or smart appliances) and the Amazon Web Services cloud. You can discover your custom IoT-Data endpoint to communicate with, configure rules for data processing and integration with other services, organize resources associated with each device (Registry), configure logging, and create and manage policies and credentials to authenticate devices.</p> <p>The service endpoints that expose this API are listed in <a href="https://docs.aws.amazon.com/general/latest/gr/iot-core.html" target="_blank" rel="noopener noreferrer nofollow">Amazon Web Services IoT Core Endpoints and Quotas</a>. You must use the endpoint for the region that has the resources you want to access.</p> <p>The service name used by <a href="https://docs.aws.amazon.com/general/latest/gr/signature-version-4.html" target="_blank" rel="noopener noreferrer nofollow">Amazon Web Services Signature Version 4</a> to sign the request is: <i>execute-api</i>.</p> <p>For more information about how IoT works, see the <a href="https://docs.aws.amazon.com/iot/latest/developerguide/aws-iot-how-it-works.html" target="_blank" rel="noopener noreferrer nofollow">Developer Guide</a>.</p> <p>For information about how to use the credentials provider for IoT, see <a href="https://docs.aws.amazon.com/iot/latest/developerguide/authorizing-direct-aws.html" target="_blank" rel="noopener noreferrer nofollow">Authorizing Direct Calls to Amazon Web Services Services</a>.</p><p></p>',
  '1password-local-connect': '<p>REST API interface for 1Password Connect.</p>',
  'xero-com-xero-accounting': '',
  'googleapis-com-calendar': '<p>Manipulates events and other calendar data.</p>',
  'mailchimp-com': '',
  'archive-org-wayback': "<p>API for Internet Archive's Wayback Machine</p>",
  'amadeus-com-amadeus-flight-offers-price':
    '<p>Before using this API, we recommend you read our <strong><a href="https://developers.amadeus.com/self-service/apis-docs/guides/authorization-262" target="_blank" rel="noopener noreferrer nofollow">Authorization Guide</a></strong> for more information on how to generate an access token. </p>\n<p>Please also be aware that our test environment is based on a subset of the production, if you are not returning any results try with big cities/airports like LON (London) or NYC (New-York).</p>',
  'adyen-com-balanceplatformconfigurationnotification-v1':
    "<p>Adyen sends webhooks to inform your system about events that occur in your platform. These events include, for example, when an account holder's capabilities are updated, or when a sweep configuration is created or updated. \nWhen an event occurs, Adyen makes an HTTP POST request to a URL on your server and includes the details of the event in the request body.</p>\n<p>You can use these webhooks to build your implementation. For example, you can use this information to update internal statuses when the status of a capability is changed.</p>",
  'dogs-dog-ceo': '<p>Based on the Stanford Dogs Dataset</p>',
}
