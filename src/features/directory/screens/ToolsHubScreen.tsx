import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Compare from '@mui/icons-material/CompareArrowsOutlined'
import Description from '@mui/icons-material/DescriptionOutlined'
import MonitorHeart from '@mui/icons-material/MonitorHeartOutlined'
import Science from '@mui/icons-material/ScienceOutlined'
import { Breadcrumbs } from '@/components/Breadcrumbs/Breadcrumbs'
import { columns, span } from '@/components/Columns/columns'
import { HydrateOnUse } from '@/components/Deferred/HydrateOnUse'
import { DeferredAlert } from '@/components/Deferred/DeferredAlert'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { useSiteUrl } from '@/components/PageMeta/SiteUrl'
import { toolsHead } from '@/shared/seo/heads'
import { paths } from '@/lib/paths'
import { useFindApiQuery } from '../api/directoryApi'
import { Section } from '../components/Section'

// Opened by a press on its card, so not on the first load (docs/performance.md).
const ApiDocumentationDialog = lazy(() =>
  import('../components/ApiDocumentationDialog').then((m) => ({
    default: m.ApiDocumentationDialog,
  })),
)

type Tool = {
  name: string
  description: string
  icon: ReactNode
  /** Where it opens (before the app runs, too). */
  to: string
  action: string
  /** Done instead of following `to` once the app runs (a dialog of its own). */
  onOpen?: () => void
}

const steps = [
  'Find an API in the directory: search by name, provider or what it does.',
  'Open its page to read the base URL, authentication and endpoints.',
  'Press Test API: the tester opens with its base URL and first GET endpoint filled in.',
  'Add your key in the headers, send the request and read the status, headers, body and timing.',
]

const tips = [
  <>
    Press <kbd>/</kbd> on the directory to jump to its search box.
  </>,
  <>Filters, sort and page stay in the address: share it or come back to it later.</>,
  <>Every API page links to its category, and every category back to the directory.</>,
  <>In the tester, the button at the top takes you back to the API you came from.</>,
]

const toolCell = span({ xs: 12, sm: 6, md: 3 })
const guideCell = span({ xs: 12, md: 7 })
const tipsCell = span({ xs: 12, md: 5 })

function ToolCard({ tool }: { tool: Tool }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1.5}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {tool.icon}
          </Box>
          <Typography variant="h4" component="h2">
            {tool.name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {tool.description}
          </Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={tool.to}
          onClick={(event: React.MouseEvent) => {
            if (!tool.onOpen) return
            event.preventDefault()
            tool.onOpen()
          }}
        >
          {tool.action}
        </Button>
      </CardActions>
    </Card>
  )
}

export function ToolsHubScreen() {
  const siteUrl = useSiteUrl()
  const [searchParams] = useSearchParams()
  const apiParam = searchParams.get('api')?.trim() ?? ''
  const { currentData: api } = useFindApiQuery(apiParam, { skip: !apiParam })
  const [documentation, setDocumentation] = useState(false)

  const testerLink = apiParam ? `${paths.tester}?api=${encodeURIComponent(apiParam)}` : paths.tester
  const tools: Tool[] = [
    {
      name: 'API Tester',
      description:
        'Send requests to any public API from your browser and read the status, headers, body and timing.',
      icon: <Science fontSize="large" />,
      to: testerLink,
      action: api ? `Test ${api.name}` : 'Open API Tester',
    },
    {
      name: 'API Comparison',
      description:
        'Put 2 to 4 APIs side by side: authentication, HTTPS, CORS, free tier, operations, health and latency, each with its source.',
      icon: <Compare fontSize="large" />,
      to: paths.compare(),
      action: 'Compare APIs',
    },
    {
      name: 'API Documentation',
      description:
        'Find an API by name or by what you want to do, and read its reference: every operation explained, searchable and linkable.',
      icon: <Description fontSize="large" />,
      // Without the app, the directory's search leads to the same pages.
      to: api ? paths.apiDetail(api.id) : paths.apis,
      action: api ? `Read ${api.name}’s reference` : 'Browse documentation',
      onOpen: api ? undefined : () => setDocumentation(true),
    },
    {
      name: 'API Monitoring',
      description:
        'See which APIs went down, which answer differently from their documents and whose documents changed, by category.',
      icon: <MonitorHeart fontSize="large" />,
      to: paths.monitoringOverview(),
      action: 'See API monitoring',
    },
  ]

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta {...toolsHead(siteUrl)} />
      <Stack spacing={4}>
        <Stack spacing={1.5}>
          <Breadcrumbs aria-label="Breadcrumb">
            <Link component={RouterLink} to={paths.apis} underline="hover" color="inherit">
              API Directory
            </Link>
            <Typography color="textPrimary" aria-current="page">
              API Tools
            </Typography>
          </Breadcrumbs>
          <Typography variant="h1">API Tools</Typography>
          <Typography color="textSecondary">
            Everything you need to try an API before you build on it.
          </Typography>
          {apiParam && (
            <DeferredAlert severity="info" role="status">
              Tools for{' '}
              {api ? (
                <Link component={RouterLink} to={paths.apiDetail(api.id)}>
                  {api.name}
                </Link>
              ) : (
                <strong>{apiParam}</strong>
              )}
              : the tester opens with it filled in.
            </DeferredAlert>
          )}
        </Stack>
        <Box sx={columns(2.5)}>
          {tools.map((tool) => (
            <Box key={tool.name} sx={toolCell}>
              {/* Each card as the server drew it until used: a press on one hydrates that card alone. */}
              <HydrateOnUse>
                <ToolCard tool={tool} />
              </HydrateOnUse>
            </Box>
          ))}
        </Box>
        <Box sx={columns(3)}>
          <Box sx={guideCell}>
            <HydrateOnUse>
              <Section title="Quick start guide">
                <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
                  {steps.map((step) => (
                    <Typography component="li" key={step}>
                      {step}
                    </Typography>
                  ))}
                </Box>
                <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
                  <Button variant="contained" component={RouterLink} to={paths.apis}>
                    Browse APIs
                  </Button>
                </Stack>
              </Section>
            </HydrateOnUse>
          </Box>
          <Box sx={tipsCell}>
            <HydrateOnUse>
              <Section title="Navigation tips">
                <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
                  {tips.map((tip, index) => (
                    <Typography component="li" key={index}>
                      {tip}
                    </Typography>
                  ))}
                </Box>
              </Section>
            </HydrateOnUse>
          </Box>
        </Box>
      </Stack>
      {documentation && (
        <Suspense fallback={null}>
          <ApiDocumentationDialog open onClose={() => setDocumentation(false)} />
        </Suspense>
      )}
    </Container>
  )
}
