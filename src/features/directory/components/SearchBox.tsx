import { useCallback, useEffect, useId, useRef, useState } from 'react'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Search from '@mui/icons-material/Search'
import Clear from '@mui/icons-material/Clear'
import { FIELD_CONTROL, FieldFrame } from '@/components/FieldFrame/FieldFrame'

/** How long typing must pause before the results follow it. */
export const SEARCH_DEBOUNCE_MS = 300

type Props = {
  /** The search in the address; the box follows it when it changes from outside (back, a link). */
  value: string
  onSearch: (text: string) => void
}

function typingInField(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** The directory's search: debounced as you type, and '/' anywhere on the page focuses it. */
export function SearchBox({ value, onSearch }: Props) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(value)
  const [shown, setShown] = useState(value)
  // Searches asked for that the address has not shown yet. When one arrives it is this box's own
  // echo, not a change from outside: the box keeps what was typed since. Otherwise, on a slow
  // machine, "s" reached the address while "t" was being typed and the box went back to "s".
  const [pending, setPending] = useState<string[]>([])

  if (value !== shown) {
    setShown(value)
    const echo = pending.indexOf(value)
    if (echo >= 0) setPending(pending.slice(echo + 1))
    else {
      // The address changed without typing (back button, a link): show what it now says.
      setPending([])
      if (value !== text.trim()) setText(value)
    }
  }

  const search = useCallback(
    (query: string) => {
      if (query !== value) setPending((asked) => [...asked, query])
      onSearch(query)
    },
    [value, onSearch],
  )

  // Text typed into the server's page before the app took it over: hydration keeps it in the
  // field but never reports it, so the box takes it up (and searches for it) once the app runs.
  useEffect(() => {
    const typed = inputRef.current?.value ?? ''
    if (typed !== text) setText(typed)
    // Once, on the first mount: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (text.trim() === value) return
    const timer = setTimeout(() => search(text.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value, search])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return
      if (typingInField(event.target)) return
      event.preventDefault()
      inputRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  const id = useId()
  return (
    <FieldFrame
      label="Search APIs"
      htmlFor={id}
      size="medium"
      fullWidth
      helperId={`${id}-help`}
      helperText={
        <>
          Name, provider, description or category.{' '}
          {/* A keyboard hint: not on a touch screen, which has no / key to press. */}
          <Box
            component="span"
            sx={{ '@media (hover: none) and (pointer: coarse)': { display: 'none' } }}
          >
            Press / to search from anywhere.
          </Box>
        </>
      }
      // One clear button, ours, labelled; not Chromium's own as well.
      sx={{ '& input::-webkit-search-cancel-button': { display: 'none' } }}
      start={<Search aria-hidden />}
      end={
        text ? (
          <IconButton
            aria-label="Clear search"
            edge="end"
            onClick={() => {
              setText('')
              search('')
              inputRef.current?.focus()
            }}
          >
            <Clear />
          </IconButton>
        ) : undefined
      }
    >
      <input
        id={id}
        ref={inputRef}
        className={FIELD_CONTROL}
        // '/' focuses it from the first paint, before this component runs (src/app/earlyInput.js).
        data-early-focus="/"
        type="search"
        placeholder="Try Stripe, Twilio or YouTube"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search(text.trim())
          if (event.key === 'Escape' && text) setText('')
        }}
        autoComplete="off"
        aria-describedby={`${id}-help`}
      />
    </FieldFrame>
  )
}
