import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import PlayArrow from '@mui/icons-material/PlayArrowOutlined'
import type { CodeSample, OperationDetail, Parameter, SecurityScheme } from '@/contract/operations'
import { testerOperationPath } from '@/shared/operationLinks'
import { operationRequest } from '@/shared/operationRequest'
import { CodeBlock } from '@/components/CodeBlock/CodeBlock'
import { CodeSnippets } from '@/components/CodeSnippets/CodeSnippets'
import { CopyButton } from '@/components/CopyButton/CopyButton'
import { Markdown } from '@/components/Markdown/Markdown'
import { Note } from '@/components/Note/Note'
import { ResponseExample } from './ResponseExample'
import { SchemaSection } from './SchemaSection'

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const
// In a table a name or type keeps whole ("owner", not "owne r" on a phone): `anywhere` would let
// the column shrink below its longest word; the table scrolls inside its box instead.
const monoCell = { fontFamily: 'monospace', overflowWrap: 'break-word' } as const
const table = {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': {
    textAlign: 'left',
    verticalAlign: 'top',
    py: 0.75,
    pr: 1.5,
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& th': { fontWeight: 600, fontSize: '0.875rem' },
} as const

// One column on a narrow screen (intro, then auth, code and a response example, then the long
// schemas); on a wide one they stay beside the operation as it scrolls.
const panelGrid = {
  display: 'grid',
  columnGap: 3,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
  gridTemplateAreas: { xs: '"intro" "side" "main"', lg: '"intro side" "main side"' },
} as const
const sidePanel = {
  gridArea: 'side',
  minWidth: 0,
  position: { lg: 'sticky' },
  top: { lg: 16 },
  // Taller than the screen (code, then a response example), it scrolls on its own: a sticky box
  // would otherwise hide its end until the operation had scrolled past.
  maxHeight: { lg: 'calc(100vh - 32px)' },
  overflowY: { lg: 'auto' },
  alignSelf: 'start',
} as const

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mt: 2, mb: 0.5 }}>
      {children}
    </Typography>
  )
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** The real name of what a scheme needs: `API key in the X-API-Key header`, `Bearer token (JWT)`. */
export function schemeLabel(scheme: SecurityScheme) {
  switch (scheme.kind) {
    case 'apiKey':
      return `API key in the ${scheme.parameter} ${scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header'}`
    case 'bearer':
      return `Bearer token${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''} in the Authorization header`
    case 'basic':
      return 'Basic auth (user name and password) in the Authorization header'
    case 'oauth2':
      return `OAuth 2.0${scheme.scopes.length ? ` with scopes ${scheme.scopes.join(', ')}` : ''}`
    case 'openIdConnect':
      return 'OpenID Connect'
    case 'mutualTLS':
      return 'Mutual TLS (a client certificate)'
    default:
      return `HTTP ${scheme.scheme ?? ''} auth`.replace(/\s+/g, ' ')
  }
}

function Parameters({ parameters }: { parameters: Parameter[] }) {
  if (parameters.length === 0) {
    return <Typography color="textSecondary">This operation takes no parameters.</Typography>
  }
  return (
    // Scrolled sideways in a narrow column: reachable by keyboard, as a named region.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Parameters table">
      <Box component="table" sx={table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => (
            <tr key={`${p.in}:${p.name}`}>
              <td>
                <Box component="code" sx={monoCell}>
                  {p.name}
                </Box>
                {p.required && (
                  <Typography variant="caption" color="error" component="div">
                    required
                  </Typography>
                )}
              </td>
              <td>{p.in}</td>
              <td>
                <Box component="code" sx={monoCell}>
                  {p.type}
                  {p.format ? ` (${p.format})` : ''}
                </Box>
              </td>
              <td>
                {p.description}
                {p.enum && p.enum.length > 0 && <Box>One of: {p.enum.map(show).join(', ')}</Box>}
                {p.default !== undefined && <Box>Default: {show(p.default)}</Box>}
                {p.example !== undefined && <Box>Example: {show(p.example)}</Box>}
                {p.deprecated && <Box>Deprecated</Box>}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  )
}

/** The document's own code samples (`x-codeSamples`), each under its label, to copy. */
function DocumentSamples({ samples }: { samples: CodeSample[] }) {
  return (
    <>
      <Heading>Code from the document</Heading>
      <Stack spacing={1}>
        {samples.map((sample, i) => {
          const name = sample.label ?? sample.lang
          return (
            <Box key={i}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {name}
                </Typography>
                <CopyButton text={sample.source} label={`Copy ${name} code`} />
              </Stack>
              <CodeBlock label={`${name} code from the document`}>{sample.source}</CodeBlock>
            </Box>
          )
        })}
      </Stack>
    </>
  )
}

/** One operation explained: what it takes, what it answers, the auth it needs, and Try it. */
export function OperationPanel({ operation }: { operation: OperationDetail }) {
  const body = operation.requestBody
  return (
    <Box sx={panelGrid}>
      <Box sx={{ gridArea: 'intro', minWidth: 0 }}>
        {operation.deprecated && (
          <Box sx={{ mb: 1 }}>
            <Note severity="warning">This operation is deprecated: the API may remove it.</Note>
          </Box>
        )}
        {operation.descriptionHtml && <Markdown html={operation.descriptionHtml} />}
        <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }} useFlexGap>
          <Button
            variant="contained"
            size="small"
            startIcon={<PlayArrow />}
            component={RouterLink}
            to={testerOperationPath(operation.apiId, operation.operationKey)}
          >
            Try it
          </Button>
        </Stack>
      </Box>
      {/* What a caller needs first (auth, code to copy, servers): beside the operation on a wide
          screen, and before its parameters and long schemas on a narrow one. */}
      <Box
        component="aside"
        aria-label={`Auth and code for ${operation.method} ${operation.path}`}
        sx={sidePanel}
      >
        <Heading>Authentication</Heading>
        {operation.security.length === 0 ? (
          <Typography>None: the document asks for no credentials.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {operation.security.map((set, i) => (
              <li key={i}>
                {set.length === 0 ? 'None (optional)' : set.map(schemeLabel).join(', and ')}
                {i < operation.security.length - 1 ? ', or' : ''}
              </li>
            ))}
          </Box>
        )}
        <Heading>Code to copy</Heading>
        <CodeSnippets
          request={operationRequest(operation)}
          renderCopy={(copy) => <CopyButton {...copy} />}
        />
        {operation.codeSamples && operation.codeSamples.length > 0 && (
          <DocumentSamples samples={operation.codeSamples} />
        )}
        <Heading>Response example</Heading>
        <ResponseExample
          responses={operation.responses}
          operationName={`${operation.method} ${operation.path}`}
        />
        {operation.servers.length > 0 && (
          <>
            <Heading>Servers</Heading>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {operation.servers.map((server) => (
                <li key={server.url}>
                  <Box component="code" sx={mono}>
                    {server.url}
                  </Box>
                  {server.description ? ` — ${server.description}` : ''}
                </li>
              ))}
            </Box>
          </>
        )}
      </Box>
      <Box sx={{ gridArea: 'main', minWidth: 0 }}>
        <Heading>Parameters</Heading>
        <Parameters parameters={operation.parameters} />
        <Heading>Request body</Heading>
        {body ? (
          <Stack spacing={1}>
            <Typography variant="body2">
              {body.required ? 'Required.' : 'Optional.'} {body.description}
            </Typography>
            {body.content.map((content) => (
              <Box key={content.mediaType}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <Box component="code" sx={mono}>
                    {content.mediaType}
                  </Box>
                </Typography>
                {content.schema ? (
                  <SchemaSection
                    view={content.schema}
                    label={`Request body ${content.mediaType}`}
                    direction="request"
                  />
                ) : (
                  <Typography color="textSecondary">No schema given.</Typography>
                )}
              </Box>
            ))}
          </Stack>
        ) : (
          <Typography color="textSecondary">This operation takes no request body.</Typography>
        )}
        <Heading>Responses</Heading>
        <Stack spacing={1}>
          {operation.responses.map((response) => (
            <Box key={response.status}>
              <Typography>
                <Box component="code" sx={{ ...mono, fontWeight: 700 }}>
                  {response.status}
                </Box>{' '}
                {response.description}
                {response.mediaTypes.length > 0 && (
                  <Typography component="span" variant="body2" color="textSecondary">
                    {' '}
                    ({response.mediaTypes.join(', ')})
                  </Typography>
                )}
              </Typography>
              {response.schema && (
                <SchemaSection
                  view={response.schema}
                  label={`Response ${response.status}`}
                  direction="response"
                />
              )}
            </Box>
          ))}
          {operation.responses.length === 0 && (
            <Typography color="textSecondary">The document lists no responses.</Typography>
          )}
        </Stack>
      </Box>
    </Box>
  )
}
