import Grid from '@mui/material/Grid'
import Stack from '@mui/material/Stack'
import { ContentMarketingPanel } from './ContentMarketingPanel'
import { DashboardTiles } from './DashboardTiles'
import { QuickActions } from './QuickActions'
import { RecentActivity } from './RecentActivity'
import type { StaffAccess } from './staffAccess'

type Props = {
  access: StaffAccess
  now?: () => number
}

/** Everything the dashboard shows to a signed-in staff member (docs/analytics.md). */
export function DashboardPanels({ access, now }: Props) {
  return (
    <Stack spacing={3}>
      <DashboardTiles />
      <ContentMarketingPanel access={access} now={now} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <RecentActivity now={now} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <QuickActions />
        </Grid>
      </Grid>
    </Stack>
  )
}
