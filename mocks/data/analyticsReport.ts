import {
  VISIT_SOURCES,
  type AnalyticsReport,
  type DailyVisits,
  type ReportRange,
} from '@/contract/analyticsReport'

/** The last day of every sample report. */
export const REPORT_TODAY = '2026-11-20'

const DAY_MS = 86_400_000

/** A report as the server gives it, with figures that vary by day but never by run. */
export const sampleReport = (days: ReportRange): AnalyticsReport => {
  const end = Date.parse(`${REPORT_TODAY}T00:00:00Z`)
  const visitsByDay: DailyVisits[] = Array.from({ length: days }, (_, i) => {
    const wave = (i * 7) % 5
    return {
      day: new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
      linkedin: 3 + wave,
      twitter: 2 + ((i * 3) % 4),
      reddit: 1 + ((i * 5) % 3),
      other: 6 + ((i * 2) % 5),
      direct: 10 + wave * 2,
    }
  })
  const sum = (source: (typeof VISIT_SOURCES)[number]) =>
    visitsByDay.reduce((total, day) => total + day[source], 0)
  const scale = days / 30
  const sources = VISIT_SOURCES.map((source, i) => ({
    source,
    visits: sum(source),
    articleReads: Math.round(sum(source) * (0.6 - i * 0.08)),
    conversions: Math.round(sum(source) * (0.3 - i * 0.04)),
  }))
  const visits = sources.reduce((total, figures) => total + figures.visits, 0)
  const searches = [
    { query: 'weather alerts europe', searches: Math.round(14 * scale) || 1, results: 0 },
    { query: 'sms verification india', searches: Math.round(9 * scale) || 1, results: 0 },
    { query: 'invoice ocr', searches: Math.round(5 * scale) || 1, results: 0 },
    { query: 'stripe', searches: Math.round(48 * scale) || 1, results: 3 },
    { query: 'maps', searches: Math.round(31 * scale) || 1, results: 27 },
    { query: 'email', searches: Math.round(22 * scale) || 1, results: 58 },
  ]
  return {
    days,
    from: visitsByDay[0]!.day,
    to: REPORT_TODAY,
    totals: {
      visits,
      pageViews: visits * 4,
      searches: searches.reduce((total, row) => total + row.searches, 0),
      searchesWithoutResults: searches
        .filter((row) => row.results === 0)
        .reduce((total, row) => total + row.searches, 0),
      operationTries: Math.round(91 * scale),
    },
    visitsByDay,
    sources,
    apis: [
      { id: 'stripe-com', name: 'Stripe API', views: Math.round(212 * scale) },
      { id: 'twilio-com-api', name: 'Twilio API', views: Math.round(143 * scale) },
      { id: 'github-com', name: 'GitHub v3 REST API', views: Math.round(120 * scale) },
      { id: 'openweathermap-org', name: 'OpenWeatherMap', views: Math.round(64 * scale) },
      { id: 'spotify-com', name: 'Spotify Web API', views: Math.round(41 * scale) },
    ],
    categories: [
      { id: 'payments', name: 'Payments', views: Math.round(96 * scale) },
      { id: 'communication', name: 'Communication', views: Math.round(71 * scale) },
      { id: 'developer-tools', name: 'Developer Tools', views: Math.round(53 * scale) },
      { id: 'weather', name: 'Weather', views: Math.round(22 * scale) },
    ],
    searches,
    operations: [
      {
        apiId: 'stripe-com',
        apiName: 'Stripe API',
        operationKey: 'GetCharges',
        method: 'get',
        path: '/v1/charges',
        tries: Math.round(40 * scale),
        successes: Math.round(31 * scale),
      },
      {
        apiId: 'github-com',
        apiName: 'GitHub v3 REST API',
        operationKey: 'repos/get',
        method: 'get',
        path: '/repos/{owner}/{repo}',
        tries: Math.round(29 * scale),
        successes: Math.round(27 * scale),
      },
      {
        apiId: 'twilio-com-api',
        apiName: 'Twilio API',
        operationKey: 'CreateMessage',
        method: 'post',
        path: '/2010-04-01/Accounts/{AccountSid}/Messages.json',
        tries: Math.round(22 * scale),
        successes: Math.round(4 * scale),
      },
    ],
  }
}

/** A report of a site nobody has visited yet in the range. */
export const emptyReport = (days: ReportRange): AnalyticsReport => {
  const full = sampleReport(days)
  return {
    ...full,
    totals: { visits: 0, pageViews: 0, searches: 0, searchesWithoutResults: 0, operationTries: 0 },
    visitsByDay: full.visitsByDay.map(({ day }) => ({
      day,
      linkedin: 0,
      twitter: 0,
      reddit: 0,
      other: 0,
      direct: 0,
    })),
    sources: VISIT_SOURCES.map((source) => ({
      source,
      visits: 0,
      articleReads: 0,
      conversions: 0,
    })),
    apis: [],
    categories: [],
    searches: [],
    operations: [],
  }
}
