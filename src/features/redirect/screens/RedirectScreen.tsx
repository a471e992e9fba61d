import { useEffect } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router-dom'
import Container from '@mui/material/Container'
import LinearProgress from '@mui/material/LinearProgress'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { leaveSite } from '@/lib/leaveSite'
import { isInternalPath, paths } from '@/lib/paths'
import { useGetConfigQuery } from '@/lib/store/configApi'

/** The page forwards by itself after three seconds; 'click here' goes at once. */
export const REDIRECT_DELAY_MS = 3000

export function RedirectScreen() {
  const navigate = useNavigate()
  const { data: config, isLoading } = useGetConfigQuery()
  // Without the server's settings the directory of this site is the honest target.
  const directoryUrl = config?.directoryUrl ?? paths.apis
  const internal = isInternalPath(directoryUrl)

  useEffect(() => {
    if (isLoading) return
    const timer = setTimeout(() => {
      if (internal) navigate(directoryUrl, { replace: true })
      else leaveSite(directoryUrl)
    }, REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [isLoading, internal, directoryUrl, navigate])

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 12 } }}>
      <PageMeta
        title="Redirecting"
        description="Taking you to the main API Directory of API Atlas."
        path={paths.redirect}
        noindex
      />
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
        <Stack spacing={2.5} sx={{ textAlign: 'center' }}>
          <Typography variant="h1">Redirecting...</Typography>
          <Typography color="textSecondary">Taking you to the main API Directory</Typography>
          <LinearProgress aria-label="Redirecting to the API Directory" />
          <Typography>
            Not moving?{' '}
            {internal ? (
              <Link component={RouterLink} to={directoryUrl} replace>
                click here
              </Link>
            ) : (
              <Link href={directoryUrl}>click here</Link>
            )}{' '}
            to go to the directory now.
          </Typography>
          {config && (
            <Typography variant="body2" color="textSecondary">
              Questions? Write to{' '}
              <Link href={`mailto:${config.contactEmail}`}>{config.contactEmail}</Link>
            </Typography>
          )}
        </Stack>
      </Paper>
    </Container>
  )
}
