import { Suspense, useEffect, type ReactNode } from 'react'
import {
  Link as RouterLink,
  NavLink,
  Outlet,
  useLocation,
  useNavigationType,
} from 'react-router-dom'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Toolbar from '@mui/material/Toolbar'
import Typography from '@mui/material/Typography'
import { HydrateOnUse } from '@/components/Deferred/HydrateOnUse'
import { LoadingState } from '@/components/StateViews/StateViews'
import { SiteLogo } from '@/components/SiteLogo/SiteLogo'
import { paths } from '@/lib/paths'
import { APP_READY_ATTRIBUTE } from '@/shared/ssr'
import { ThemeModeToggle } from './ThemeModeToggle'

const navigation = [
  { label: 'APIs', to: paths.apis, end: false },
  { label: 'Tools', to: paths.tools, end: false },
  { label: 'Blog', to: paths.blog, end: false },
]

function Header() {
  return (
    <AppBar position="sticky" component="header">
      <Container maxWidth="lg">
        {/* One line on a 360 px phone: tighter gaps and buttons there, the name never wraps. */}
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1 } }}>
          <Link
            component={RouterLink}
            to={paths.apis}
            underline="none"
            color="inherit"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 0.5, sm: 2 } }}
          >
            <SiteLogo size={28} />
            <Typography
              component="span"
              variant="h4"
              sx={{ whiteSpace: 'nowrap', fontSize: { xs: '1.125rem', sm: undefined } }}
            >
              API Atlas
            </Typography>
          </Link>
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, flexGrow: 1 }}>
            {navigation.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                color="inherit"
                sx={{
                  minWidth: { xs: 0, sm: 64 },
                  px: { xs: 0.75, sm: 1 },
                  '&.active': { color: 'primary.main' },
                }}
              >
                {item.label}
              </Button>
            ))}
          </Box>
          <ThemeModeToggle />
        </Toolbar>
      </Container>
    </AppBar>
  )
}

function Footer() {
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', py: 4, mt: 'auto', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Stack spacing={0.5}>
            <Typography variant="body2" color="textSecondary">
              API Atlas — find a third-party API, understand it and try it.
            </Typography>
            <Typography variant="body2" color="textSecondary">
              API data from{' '}
              <Link href="https://apis.guru" rel="noopener noreferrer">
                APIs.guru
              </Link>{' '}
              (CC0) and the{' '}
              <Link href="https://github.com/public-apis/public-apis" rel="noopener noreferrer">
                public-apis list
              </Link>{' '}
              (MIT).
            </Typography>
          </Stack>
          <Stack direction="row" spacing={2} component="nav" aria-label="Footer">
            <Link component={RouterLink} to={paths.apis} variant="body2">
              API Directory
            </Link>
            <Link component={RouterLink} to={paths.tester} variant="body2">
              API Tester
            </Link>
            <Link component={RouterLink} to={paths.blog} variant="body2">
              Blog
            </Link>
          </Stack>
        </Stack>
      </Container>
    </Box>
  )
}

/** A new page starts at its top; back and forward leave the browser to restore the position. */
function ScrollToTop() {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0)
  }, [pathname, navigationType])
  return null
}

/**
 * Marks <html> once the page itself runs. It sits beside the page inside the shell's Suspense, so
 * its effect comes when the page's screen has been hydrated (or drawn), not when only the shell has:
 * a route's screen is its own chunk, and hydrating the shell does not wait for it.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '')
  }, [])
  return null
}

/** Header, page and footer around every route; `children` lets stories render a screen inside. */
export function AppShell({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      {/* The header and footer stay as the server drew them until used: their links work as
          drawn, and a press, key or focus on either hydrates just that one. */}
      <HydrateOnUse>
        <Header />
      </HydrateOnUse>
      {/* At least a screen tall: the footer starts below the fold, so a page replacing its loading
          state never shoves a visible footer down (layout shift). */}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, outline: 'none', minHeight: '100vh' }}
      >
        <Suspense fallback={<LoadingState label="Loading page" />}>
          {children ?? <Outlet />}
          <PageReady />
        </Suspense>
      </Box>
      <HydrateOnUse>
        <Footer />
      </HydrateOnUse>
      {!children && <ScrollToTop />}
    </Box>
  )
}
