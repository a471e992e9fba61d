import { Link as RouterLink } from 'react-router-dom'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import { PageMeta } from '@/components/PageMeta/PageMeta'
import { EmptyState } from '@/components/StateViews/StateViews'
import { paths } from '@/lib/paths'

type Props = { title: string; path: string }

/** Holds a route whose screen has not been built yet; it says so plainly. */
export function PendingPage({ title, path }: Props) {
  return (
    <Container maxWidth="md">
      <PageMeta
        title={title}
        description={`${title} on API Atlas is being built.`}
        path={path}
        noindex
      />
      <EmptyState
        title={title}
        message="This page is still being built. Come back soon — the rest of API Atlas keeps growing meanwhile."
        action={
          <Button component={RouterLink} to={paths.blog} variant="outlined">
            Read the blog
          </Button>
        }
      />
    </Container>
  )
}
