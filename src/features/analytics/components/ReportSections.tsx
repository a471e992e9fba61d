import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import { BarChart } from '@mui/x-charts/BarChart'
import { LineChart } from '@mui/x-charts/LineChart'
import {
  VISIT_SOURCE_NAMES,
  VISIT_SOURCES,
  type AnalyticsReport,
  type OperationFigures,
  type PageFigures,
} from '@/contract/analyticsReport'
import { formatCount, formatPercent } from '@/lib/format'

export type ReportView = 'charts' | 'table'

type SectionProps = {
  id: string
  title: string
  /** What the figures count, in a sentence. */
  note: string
  view: ReportView
  /** Shown when the range has nothing for this section. */
  empty: string | null
  chart: ReactNode
  table: ReactNode
}

/**
 * One part of the report: its chart, or its table in the table view. The chart is hidden from
 * assistive technology, which is told the table view holds the same figures.
 */
function Section({ id, title, note, view, empty, chart, table }: SectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" sx={{ typography: 'h5', mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {note}
      </Typography>
      {empty !== null ? (
        <Typography color="textSecondary">{empty}</Typography>
      ) : view === 'table' ? (
        table
      ) : (
        <Box component="figure" aria-label={`${title}: chart`} sx={{ m: 0 }}>
          <Box aria-hidden>{chart}</Box>
          <Typography component="figcaption" variant="caption" color="textSecondary">
            The table view lists the same figures.
          </Typography>
        </Box>
      )}
    </Paper>
  )
}

type Column<T> = { label: string; value: (row: T) => ReactNode; numeric?: boolean }

function FigureTable<T>({
  label,
  rows,
  columns,
}: {
  label: string
  rows: T[]
  columns: Column<T>[]
}) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {columns.map((column) => (
                <TableCell
                  key={column.label}
                  align={column.numeric ? 'right' : 'left'}
                  sx={column.numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}
                >
                  {column.value(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

const count = (value: number | null) => (value === null ? '' : formatCount(value))
const shortDay = (day: string) => day.slice(5)
const share = (part: number, whole: number) =>
  whole === 0 ? 'none tried' : formatPercent((part / whole) * 100, 0)

/** An operation as staff know it: method and path from the catalogue, else its key. */
export const operationLabel = (operation: OperationFigures) =>
  operation.method && operation.path
    ? `${operation.method.toUpperCase()} ${operation.path}`
    : operation.operationKey

function TopPages({ rows, label, view }: { rows: PageFigures[]; label: string; view: ReportView }) {
  if (view === 'table') {
    return (
      <FigureTable
        label={label}
        rows={rows}
        columns={[
          { label: 'Name', value: (row) => row.name },
          { label: 'Page views', value: (row) => formatCount(row.views), numeric: true },
        ]}
      />
    )
  }
  return (
    <BarChart
      height={Math.max(160, rows.length * 36 + 48)}
      layout="horizontal"
      disableKeyboardNavigation
      yAxis={[{ scaleType: 'band', data: rows.map((row) => row.name), width: 160 }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[{ data: rows.map((row) => row.views), label: 'Page views', valueFormatter: count }]}
      hideLegend
      grid={{ vertical: true }}
    />
  )
}

type Props = { report: AnalyticsReport; view: ReportView }

/** Every part of the report, searches that found nothing first among the searches. */
export function ReportSections({ report, view }: Props) {
  const noVisits = report.totals.visits === 0 ? 'No visits in this range yet.' : null
  const withoutResults = report.searches.filter((search) => search.results === 0)
  return (
    <>
      <Section
        id="report-searches"
        title="Searches"
        note="What visitors searched the whole directory for, and how many entries each search found. Searches that found nothing come first: they name APIs to add."
        view="table"
        empty={report.searches.length === 0 ? 'No searches in this range yet.' : null}
        chart={null}
        table={
          <>
            {withoutResults.length > 0 && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {formatCount(withoutResults.length)}{' '}
                {withoutResults.length === 1 ? 'query' : 'queries'} found nothing (
                {formatCount(report.totals.searchesWithoutResults)} of{' '}
                {formatCount(report.totals.searches)} searches).
              </Typography>
            )}
            <FigureTable
              label="Searches"
              rows={report.searches}
              columns={[
                {
                  label: 'Query',
                  value: (row) =>
                    row.results === 0 ? (
                      <>
                        {row.query}{' '}
                        <Chip
                          label="Nothing found"
                          size="small"
                          color="warning"
                          variant="outlined"
                        />
                      </>
                    ) : (
                      row.query
                    ),
                },
                { label: 'Searches', value: (row) => formatCount(row.searches), numeric: true },
                { label: 'Entries found', value: (row) => formatCount(row.results), numeric: true },
              ]}
            />
          </>
        }
      />

      <Section
        id="report-visits"
        title="Visits over time by source"
        note="Visits begun each day (UTC), by where their first page came from: a post's network, another site, or direct."
        view={view}
        empty={noVisits}
        chart={
          <LineChart
            height={280}
            disableKeyboardNavigation
            xAxis={[
              {
                scaleType: 'point',
                data: report.visitsByDay.map((day) => day.day),
                valueFormatter: shortDay,
              },
            ]}
            yAxis={[{ tickMinStep: 1, width: 48 }]}
            series={VISIT_SOURCES.map((source) => ({
              data: report.visitsByDay.map((day) => day[source]),
              label: VISIT_SOURCE_NAMES[source],
              stack: 'visits',
              area: true,
              showMark: false,
              curve: 'linear' as const,
              valueFormatter: count,
            }))}
            grid={{ horizontal: true }}
          />
        }
        table={
          <FigureTable
            label="Visits over time by source"
            rows={report.visitsByDay}
            columns={[
              { label: 'Day', value: (row) => row.day },
              ...VISIT_SOURCES.map((source) => ({
                label: VISIT_SOURCE_NAMES[source],
                value: (row: (typeof report.visitsByDay)[number]) => formatCount(row[source]),
                numeric: true,
              })),
            ]}
          />
        }
      />

      <Section
        id="report-sources"
        title="Blog reads and conversions by network"
        note="Per source: visits, blog article reads (the list page not counted) and conversions (visits that reached an API's page or the tester, each once)."
        view={view}
        empty={noVisits}
        chart={
          <BarChart
            height={280}
            disableKeyboardNavigation
            xAxis={[
              {
                scaleType: 'band',
                data: report.sources.map((figures) => VISIT_SOURCE_NAMES[figures.source]),
              },
            ]}
            yAxis={[{ tickMinStep: 1, width: 48 }]}
            series={[
              {
                data: report.sources.map((figures) => figures.visits),
                label: 'Visits',
                valueFormatter: count,
              },
              {
                data: report.sources.map((figures) => figures.articleReads),
                label: 'Blog article reads',
                valueFormatter: count,
              },
              {
                data: report.sources.map((figures) => figures.conversions),
                label: 'Conversions',
                valueFormatter: count,
              },
            ]}
            grid={{ horizontal: true }}
          />
        }
        table={
          <FigureTable
            label="Blog reads and conversions by network"
            rows={report.sources}
            columns={[
              { label: 'Source', value: (row) => VISIT_SOURCE_NAMES[row.source] },
              { label: 'Visits', value: (row) => formatCount(row.visits), numeric: true },
              {
                label: 'Blog article reads',
                value: (row) => formatCount(row.articleReads),
                numeric: true,
              },
              { label: 'Conversions', value: (row) => formatCount(row.conversions), numeric: true },
            ]}
          />
        }
      />

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Section
          id="report-apis"
          title="Most visited APIs"
          note="Views of an API's page, in the directory or inside its category."
          view={view}
          empty={report.apis.length === 0 ? 'No API pages viewed in this range yet.' : null}
          chart={<TopPages rows={report.apis} label="Most visited APIs" view="charts" />}
          table={<TopPages rows={report.apis} label="Most visited APIs" view="table" />}
        />
        <Section
          id="report-categories"
          title="Most visited categories"
          note="Views of a category's page."
          view={view}
          empty={
            report.categories.length === 0 ? 'No category pages viewed in this range yet.' : null
          }
          chart={
            <TopPages rows={report.categories} label="Most visited categories" view="charts" />
          }
          table={<TopPages rows={report.categories} label="Most visited categories" view="table" />}
        />
      </Box>

      <Section
        id="report-operations"
        title="Most tried operations"
        note="Operations of the catalogue sent from the tester, and the share that answered with a 2xx status."
        view={view}
        empty={
          report.operations.length === 0
            ? 'No operations tried in the tester in this range yet.'
            : null
        }
        chart={
          <BarChart
            height={Math.max(160, report.operations.length * 40 + 72)}
            layout="horizontal"
            disableKeyboardNavigation
            yAxis={[
              {
                scaleType: 'band',
                data: report.operations.map(
                  (operation) => `${operation.apiName}: ${operationLabel(operation)}`,
                ),
                width: 220,
              },
            ]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[
              {
                data: report.operations.map((operation) => operation.successes),
                label: 'Answered 2xx',
                stack: 'tries',
                valueFormatter: count,
              },
              {
                data: report.operations.map((operation) => operation.tries - operation.successes),
                label: 'Other answers or none',
                stack: 'tries',
                valueFormatter: count,
              },
            ]}
            grid={{ vertical: true }}
          />
        }
        table={
          <FigureTable
            label="Most tried operations"
            rows={report.operations}
            columns={[
              { label: 'API', value: (row) => row.apiName },
              { label: 'Operation', value: operationLabel },
              { label: 'Tries', value: (row) => formatCount(row.tries), numeric: true },
              {
                label: 'Success share',
                value: (row) => share(row.successes, row.tries),
                numeric: true,
              },
            ]}
          />
        }
      />
    </>
  )
}
