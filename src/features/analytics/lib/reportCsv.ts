import { VISIT_SOURCE_NAMES, VISIT_SOURCES, type AnalyticsReport } from '@/contract/analyticsReport'

/** A field as RFC 4180 writes it; a leading =, +, - or @ is quoted so no spreadsheet runs it. */
const field = (value: string | number) => {
  const text = String(value)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * The whole report as one table a spreadsheet reads: one row per figure, with the section it
 * belongs to, the item (a day, a source, an API, a query, an operation) and what it counts.
 */
export const reportCsv = (report: AnalyticsReport) => {
  const rows: (string | number)[][] = [['section', 'item', 'measure', 'value']]
  const add = (section: string, item: string, measure: string, value: number) =>
    rows.push([section, item, measure, value])
  const range = `${report.from} to ${report.to}`
  add('totals', range, 'visits', report.totals.visits)
  add('totals', range, 'page views', report.totals.pageViews)
  add('totals', range, 'searches', report.totals.searches)
  add('totals', range, 'searches that found nothing', report.totals.searchesWithoutResults)
  add('totals', range, 'operations tried', report.totals.operationTries)
  for (const day of report.visitsByDay) {
    for (const source of VISIT_SOURCES) {
      add('visits by day', day.day, `visits from ${VISIT_SOURCE_NAMES[source]}`, day[source])
    }
  }
  for (const figures of report.sources) {
    const name = VISIT_SOURCE_NAMES[figures.source]
    add('by source', name, 'visits', figures.visits)
    add('by source', name, 'blog article reads', figures.articleReads)
    add('by source', name, 'conversions', figures.conversions)
  }
  for (const api of report.apis) add('most visited APIs', api.name, 'page views', api.views)
  for (const category of report.categories) {
    add('most visited categories', category.name, 'category page views', category.views)
  }
  for (const search of report.searches) {
    add('searches', search.query, 'searches', search.searches)
    add('searches', search.query, 'entries found', search.results)
  }
  for (const operation of report.operations) {
    const item = `${operation.apiName}: ${operation.method ? `${operation.method.toUpperCase()} ${operation.path}` : operation.operationKey}`
    add('operations tried', item, 'tries', operation.tries)
    add('operations tried', item, 'answered 2xx', operation.successes)
  }
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`
}

/** The file's name: the range and its last day, `api-atlas-analytics-30-days-to-2026-11-20.csv`. */
export const reportFileName = (report: AnalyticsReport) =>
  `api-atlas-analytics-${report.days}-days-to-${report.to}.csv`
