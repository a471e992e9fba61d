import { useEffect, useState } from 'react'
import Button from '@mui/material/Button'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CloudOff from '@mui/icons-material/CloudOff'
import { Link as RouterLink } from 'react-router'
import { keptPages, type KeptPage } from '@/shared/offlinePages'

type Props = {
  /** Asks again: pressed, or by itself when the browser is back online. */
  onRetry: () => void
  /** The pages to offer (stories); read from the service worker's cache by default. */
  pages?: KeptPage[]
}

/**
 * A page not kept for offline reading, asked for offline: says so plainly, offers the pages this
 * browser kept, and loads the page by itself once the network is back.
 */
export function OfflineState({ onRetry, pages }: Props) {
  const [kept, setKept] = useState<KeptPage[] | null>(pages ?? null)

  useEffect(() => {
    if (pages) return
    let current = true
    void keptPages().then((found) => {
      if (current) setKept(found)
    })
    return () => {
      current = false
    }
  }, [pages])

  // The browser says it is online a moment before its requests go through again: it asks the
  // server (a request no cache answers) until one does, once a second for half a minute, and only
  // then loads the page, so the first try back does not fail and stick.
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const whenBack = async () => {
      for (let attempt = 0; attempt < 30 && !stopped; attempt += 1) {
        const answered = await fetch('/api/health', { cache: 'no-store' }).then(
          () => true,
          () => false,
        )
        if (stopped) return
        if (answered) {
          onRetry()
          return
        }
        await new Promise((resolve) => (timer = setTimeout(resolve, 1000)))
      }
    }
    const back = () => void whenBack()
    window.addEventListener('online', back)
    return () => {
      stopped = true
      clearTimeout(timer)
      window.removeEventListener('online', back)
    }
  }, [onRetry])

  return (
    <Stack
      role="alert"
      spacing={2}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, md: 10 }, px: 2 }}
    >
      <CloudOff color="action" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h2" component="h1">
        You are offline
      </Typography>
      <Typography color="textSecondary" sx={{ maxWidth: 560 }}>
        This page was not read on this device before, so it was not kept for offline reading. It
        loads by itself when you are back online.
      </Typography>
      {kept && kept.length > 0 && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem' }}>
            Pages you can read offline
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {kept.map((page) => (
              <li key={page.path}>
                <Link component={RouterLink} to={page.path} sx={{ overflowWrap: 'anywhere' }}>
                  {page.title}
                </Link>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
      <Button variant="contained" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  )
}
