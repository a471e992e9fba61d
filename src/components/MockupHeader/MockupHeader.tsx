import type { ReactNode } from 'react'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import RestartAlt from '@mui/icons-material/RestartAlt'
import { PageMeta } from '@/components/PageMeta/PageMeta'

type Props = {
  title: string
  /** For search engines and previews; the mock-ups are never indexed. */
  description: string
  path: string
  subtitle: ReactNode
  /** Restores the sample data. */
  onReset: () => void
  /** The page's own actions, shown before 'Reset demo data'. */
  children?: ReactNode
}

/** The heading shared by the three mock-up dashboards, with their 'Reset demo data' action. */
export function MockupHeader({ title, description, path, subtitle, onReset, children }: Props) {
  return (
    <>
      <PageMeta title={title} description={description} path={path} noindex />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 4 }}
      >
        <Box>
          <Typography variant="h1">{title}</Typography>
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
          {children}
          <Button variant="outlined" startIcon={<RestartAlt />} onClick={onReset}>
            Reset demo data
          </Button>
        </Stack>
      </Stack>
    </>
  )
}
