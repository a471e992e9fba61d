import { describe, expect, it } from 'vitest'
import { sampleReport } from '@mocks/data/analyticsReport'
import { reportCsv, reportFileName } from './reportCsv'

describe('reportCsv', () => {
  it('writes every figure as a row a spreadsheet reads, nothing-found searches first', () => {
    const report = sampleReport(7)
    const lines = reportCsv(report).split('\r\n')
    expect(lines[0]).toBe('section,item,measure,value')
    expect(lines).toContain(`totals,2026-11-14 to 2026-11-20,visits,${report.totals.visits}`)
    expect(lines).toContain(
      `visits by day,2026-11-20,visits from LinkedIn,${report.visitsByDay.at(-1)!.linkedin}`,
    )
    const searches = lines.filter((line) => line.startsWith('searches,'))
    expect(searches[0]).toMatch(/^searches,weather alerts europe,searches,\d+$/)
    expect(searches[1]).toBe('searches,weather alerts europe,entries found,0')
    expect(lines).toContain(
      `operations tried,Stripe API: GET /v1/charges,answered 2xx,${report.operations[0]!.successes}`,
    )
    expect(lines.at(-1)).toBe('')
    expect(reportFileName(report)).toBe('api-atlas-analytics-7-days-to-2026-11-20.csv')
  })

  it('quotes commas and quotes, and never lets a query start a formula', () => {
    const report = {
      ...sampleReport(7),
      searches: [
        { query: '=hyperlink("x")', searches: 1, results: 0 },
        { query: 'maps, "free"', searches: 2, results: 4 },
      ],
    }
    const csv = reportCsv(report)
    expect(csv).toContain(`searches,"'=hyperlink(""x"")",searches,1`)
    expect(csv).toContain('searches,"maps, ""free""",searches,2')
  })
})
