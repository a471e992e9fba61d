import { useId, useRef, useState, type KeyboardEvent } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined'
import { useAppDispatch } from '@/lib/store/hooks'
import { sendTestRequest } from '../api/testerApi'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'
import { toTestRequest, type Draft } from '../lib/draft'
import { USES_VARIABLES } from '../lib/workbenchIntent'
import {
  EMPTY_GRAPHQL,
  readGraphqlBody,
  variablesProblem,
  writeGraphqlBody,
  type GraphqlFields,
} from './graphqlBody'
import { introspectionDraft, loadedSchemas, schemaFromAnswer, type SchemaOutcome } from './schema'
import { applySuggestion, suggestionsAt, type Suggestions } from './suggest'

type Props = {
  draft: Draft
  onChange: (draft: Draft) => void
}

const QUERY_PLACEHOLDER = '{\n  countries {\n    name\n  }\n}'

/** What the schema line says, and how. */
function SchemaStatus({ outcome }: { outcome: SchemaOutcome | undefined }) {
  if (!outcome) {
    return (
      <Typography variant="body2" color="textSecondary">
        No schema yet: load it to get field suggestions as you type.
      </Typography>
    )
  }
  if (!outcome.ok) {
    return (
      <Typography variant="body2" color="textSecondary">
        No schema loaded: field suggestions are off.
      </Typography>
    )
  }
  const fields = outcome.queryFields
  return (
    <Typography variant="body2" color="textSecondary">
      Schema loaded: {outcome.typeCount} types. Query fields: {fields.slice(0, 6).join(', ')}
      {fields.length > 6 ? ` and ${fields.length - 6} more` : ''}. Press Ctrl+Space for suggestions.
    </Typography>
  )
}

/**
 * The body of a GraphQL request: its query, with suggestions from the endpoint's schema, and its
 * variables. The schema is asked for by introspection through our server, like any request the
 * tester sends; what is sent is the draft's body, JSON, shown by the same answer viewer.
 */
export function GraphqlBody({ draft, onChange }: Props) {
  const id = useId()
  const listId = `${id}-suggestions`
  const queryRef = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null)
  const dispatch = useAppDispatch()
  const [loading, setLoading] = useState(false)
  const endpoint = draft.url.trim()
  const [, setLoadedFor] = useState(0)
  const outcome = loadedSchemas.get(endpoint)
  const schema = outcome?.ok ? outcome.schema : null

  // The query and variables as typed. The body is written from them; a body changed from outside
  // (history, a cURL paste) is read back into them. Variables that are not JSON yet stay in their
  // field only, and a body that is not GraphQL stays as it is until a query is typed.
  const read = readGraphqlBody(draft.bodyText)
  const [typed, setTyped] = useState({ body: draft.bodyText, fields: read ?? EMPTY_GRAPHQL })
  if (typed.body !== draft.bodyText) {
    setTyped({ body: draft.bodyText, fields: read ?? typed.fields })
  }
  const shown = typed.fields
  const problem = variablesProblem(shown.variablesText)

  const [suggestions, setSuggestions] = useState<Suggestions | null>(null)
  const [active, setActive] = useState(0)
  const open = !!suggestions && suggestions.items.length > 0

  const write = (next: GraphqlFields) => {
    const bodyText = writeGraphqlBody(next)
    setTyped({ body: bodyText, fields: next })
    onChange({
      ...draft,
      // A query goes as a POST: GET would drop the body.
      method: draft.method === 'GET' || draft.method === 'HEAD' ? 'POST' : draft.method,
      bodyText,
    })
  }

  /** Suggestions at the cursor: always when asked (Ctrl+Space), else while a word is typed. */
  const suggest = (query: string, offset: number, asked: boolean) => {
    if (!schema) return setSuggestions(null)
    const found = suggestionsAt(schema, query, offset)
    const typing = found.to > found.from
    setSuggestions(asked || typing ? found : null)
    setActive(0)
  }

  const accept = (label: string) => {
    if (!suggestions) return
    const { query, cursor } = applySuggestion(shown.query, suggestions, label)
    write({ ...shown, query })
    setSuggestions(null)
    // After React puts the new text in the field.
    requestAnimationFrame(() => queryRef.current?.setSelectionRange(cursor, cursor))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault()
      const field = event.currentTarget
      suggest(field.value, field.selectionStart ?? field.value.length, true)
      return
    }
    if (!open) return
    if (/^(ArrowLeft|ArrowRight|Home|End|PageUp|PageDown)$/.test(event.key)) {
      // The cursor leaves the word the list is for.
      return setSuggestions(null)
    }
    const count = suggestions.items.length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count)
    } else if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
      event.preventDefault()
      accept(suggestions.items[active]!.label)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      setSuggestions(null)
    }
  }

  const loadSchema = async () => {
    // `{{name}}` in the address or headers (a token, say) is filled as for any request sent.
    let asked = introspectionDraft(draft)
    if (USES_VARIABLES.test(asked.url + asked.headersText)) {
      const { sendPrepared } = await import('../components/workbenchParts')
      const prepared = await dispatch(sendPrepared(asked))
      if (prepared.refusal) {
        loadedSchemas.set(endpoint, { ok: false, message: prepared.refusal })
        return setLoadedFor((n) => n + 1)
      }
      asked = prepared.draft
    }
    setLoading(true)
    const result = await dispatch(
      sendTestRequest(toTestRequest(asked), {
        fallback: 'The schema could not be asked for. Please try again.',
      }),
    ).finally(() => setLoading(false))
    const loaded: SchemaOutcome =
      result.kind === 'answer'
        ? schemaFromAnswer(result.data)
        : {
            ok: false,
            message:
              result.kind === 'refused' || result.kind === 'rateLimited'
                ? result.message
                : 'Could not reach the API Atlas server. Check your connection and try again.',
          }
    loadedSchemas.set(endpoint, loaded)
    setLoadedFor((n) => n + 1)
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button
          variant="outlined"
          size="small"
          startIcon={<AccountTreeOutlined />}
          onClick={() => void loadSchema()}
          loading={loading}
          disabled={endpoint === ''}
          sx={{ flexShrink: 0 }}
        >
          {outcome?.ok ? 'Reload schema' : 'Load schema'}
        </Button>
        <Box role="status" sx={{ minWidth: 0 }}>
          {endpoint === '' ? (
            <Typography variant="body2" color="textSecondary">
              Enter the endpoint&apos;s URL to load its schema.
            </Typography>
          ) : (
            <SchemaStatus outcome={outcome} />
          )}
        </Box>
      </Stack>
      {outcome && !outcome.ok && (
        <Alert severity="warning">
          {outcome.message}. You can still write and send a query without suggestions.
        </Alert>
      )}
      {read === null && draft.bodyText.trim() !== '' && (
        <Alert severity="info">
          The body is not a GraphQL request yet: typing a query replaces it.
        </Alert>
      )}
      <Box sx={{ position: 'relative' }}>
        <OutlinedField
          label="Query"
          value={shown.query}
          inputRef={queryRef}
          onChange={(event) => {
            const query = event.target.value
            write({ ...shown, query })
            const field = event.target
            suggest(query, field.selectionStart ?? query.length, false)
          }}
          onKeyDown={onKeyDown}
          inputAttributes={{
            'aria-autocomplete': 'list',
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open ? `${listId}-${active}` : undefined,
            onBlur: () => setSuggestions(null),
            onClick: () => setSuggestions(null),
          }}
          multiline
          fullWidth
          minRows={8}
          maxRows={20}
          code
          placeholder={QUERY_PLACEHOLDER}
          helperText="Sent as JSON with the variables below, by POST."
        />
        {open && (
          <Paper
            elevation={8}
            sx={{ position: 'absolute', zIndex: 'modal', left: 0, right: 0, mt: 0.5 }}
          >
            <List id={listId} role="listbox" aria-label="Suggestions from the schema" dense>
              {suggestions.items.map((item, index) => (
                <ListItemButton
                  key={item.label}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  selected={index === active}
                  // Keeps the focus in the query, so typing goes on.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => accept(item.label)}
                  tabIndex={-1}
                >
                  <ListItemText
                    primary={
                      <>
                        <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                          {item.label}
                        </Box>
                        {item.detail && (
                          <Box
                            component="span"
                            sx={{ fontFamily: 'monospace', color: 'text.secondary', ml: 1 }}
                          >
                            {item.detail}
                          </Box>
                        )}
                      </>
                    }
                    secondary={item.documentation ?? item.kind}
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        )}
      </Box>
      <OutlinedField
        label="Variables (JSON)"
        value={shown.variablesText}
        onChange={(event) => write({ ...shown, variablesText: event.target.value })}
        multiline
        fullWidth
        minRows={3}
        maxRows={12}
        code
        placeholder='{"code": "BR"}'
        error={problem !== null}
        helperText={problem ?? 'A JSON object, or empty for none.'}
      />
    </Stack>
  )
}
