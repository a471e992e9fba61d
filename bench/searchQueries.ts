// Task queries, as people type them, each with the API families (providers) a person would expect
// among the first five results, and the one they would expect first when there is an obvious one.
// Written from the catalogue's own vocabulary: every family here is in the seed (the bench
// refuses one that is not), and every query's words are in those families' names, summaries or
// operations. bench/searchQuality.bench.ts measures recall@5 and "obvious first" on them.

export type LabelledQuery = {
  query: string
  /** Providers (families) expected among the first five results. */
  expect: string[]
  /** The provider a person expects first. */
  first: string
}

export const LABELLED_QUERIES: LabelledQuery[] = [
  { query: 'send sms', expect: ['twilio.com', 'nexmo.com', 'vonage.com'], first: 'twilio.com' },
  { query: 'send a text message', expect: ['twilio.com', 'nexmo.com'], first: 'twilio.com' },
  { query: 'send email', expect: ['sendgrid.com', 'mailchimp.com'], first: 'sendgrid.com' },
  {
    query: 'transactional email',
    expect: ['sendgrid.com', 'mandrillapp.com'],
    first: 'sendgrid.com',
  },
  { query: 'charge a credit card', expect: ['stripe.com', 'squareup.com'], first: 'stripe.com' },
  {
    query: 'accept payments',
    expect: ['stripe.com', 'squareup.com', 'adyen.com'],
    first: 'stripe.com',
  },
  { query: 'create a refund', expect: ['stripe.com', 'squareup.com'], first: 'stripe.com' },
  {
    query: 'weather forecast',
    expect: ['open-meteo.com', 'openweathermap.org'],
    first: 'open-meteo.com',
  },
  {
    query: 'current weather',
    expect: ['openweathermap.org', 'weatherapi.com'],
    first: 'openweathermap.org',
  },
  {
    query: 'geocode an address',
    expect: ['opencagedata.com', 'positionstack.com'],
    first: 'opencagedata.com',
  },
  {
    query: 'convert currency',
    expect: ['exchangerate-api.com', 'frankfurter.app'],
    first: 'exchangerate-api.com',
  },
  {
    query: 'exchange rates',
    expect: ['exchangerate-api.com', 'frankfurter.app'],
    first: 'exchangerate-api.com',
  },
  { query: 'translate text', expect: ['googleapis.com', 'amazonaws.com'], first: 'googleapis.com' },
  { query: 'dog ceo', expect: ['dog.ceo'], first: 'dog.ceo' },
  { query: 'dog pictures', expect: ['dog.ceo'], first: 'dog.ceo' },
  { query: 'open meteo', expect: ['open-meteo.com'], first: 'open-meteo.com' },
  { query: 'rest countries', expect: ['restcountries.com'], first: 'restcountries.com' },
  { query: 'cat fact', expect: ['catfact.ninja'], first: 'catfact.ninja' },
  { query: 'twilio', expect: ['twilio.com'], first: 'twilio.com' },
  { query: 'stripe', expect: ['stripe.com'], first: 'stripe.com' },
  { query: 'create a github issue', expect: ['github.com'], first: 'github.com' },
  {
    query: 'create a repository',
    expect: ['github.com', 'gitlab.com', 'bitbucket.org'],
    first: 'github.com',
  },
  { query: 'post a message to a slack channel', expect: ['slack.com'], first: 'slack.com' },
  { query: 'upload a file', expect: ['dropbox.com', 'box.com'], first: 'dropbox.com' },
  {
    query: 'cloud object storage',
    expect: ['amazonaws.com', 'googleapis.com'],
    first: 'amazonaws.com',
  },
  { query: 'search youtube videos', expect: ['googleapis.com'], first: 'googleapis.com' },
  { query: 'spotify playlists', expect: ['spotify.com'], first: 'spotify.com' },
  {
    query: 'movie information',
    expect: ['themoviedb.org', 'omdbapi.com'],
    first: 'themoviedb.org',
  },
  { query: 'pokemon', expect: ['pokeapi.co'], first: 'pokeapi.co' },
  {
    query: 'ip geolocation',
    expect: ['ipinfo.io', 'ipstack.com', 'ipgeolocation.io'],
    first: 'ipinfo.io',
  },
  { query: 'shorten a url', expect: ['bitly.com', 'rebrandly.com'], first: 'bitly.com' },
  { query: 'generate a qr code', expect: ['goqr.me'], first: 'goqr.me' },
  { query: 'stock prices', expect: ['alphavantage.co', 'finnhub.io'], first: 'alphavantage.co' },
  {
    query: 'cryptocurrency prices',
    expect: ['coingecko.com', 'coinmarketcap.com'],
    first: 'coingecko.com',
  },
  { query: 'public holidays', expect: ['nager.at', 'calendarific.com'], first: 'nager.at' },
  {
    query: 'word definitions dictionary',
    expect: ['dictionaryapi.dev'],
    first: 'dictionaryapi.dev',
  },
  { query: 'random user data', expect: ['randomuser.me'], first: 'randomuser.me' },
  { query: 'news headlines', expect: ['newsapi.org', 'nytimes.com'], first: 'newsapi.org' },
  { query: 'electronic signature', expect: ['docusign.net'], first: 'docusign.net' },
  { query: 'html to pdf', expect: ['api2pdf.com', 'html2pdf.app'], first: 'api2pdf.com' },
  {
    query: 'verify a phone number',
    expect: ['nexmo.com', 'twilio.com', 'numverify.com'],
    first: 'twilio.com',
  },
  { query: 'schedule a zoom meeting', expect: ['zoom.us'], first: 'zoom.us' },
  { query: 'accounting invoices', expect: ['xero.com'], first: 'xero.com' },
  { query: 'nasa astronomy picture', expect: ['nasa.gov'], first: 'nasa.gov' },
  { query: 'trello boards', expect: ['trello.com'], first: 'trello.com' },
]
