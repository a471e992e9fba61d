import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Chip from '@mui/material/Chip'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Visibility from '@mui/icons-material/VisibilityOutlined'
import ThumbUp from '@mui/icons-material/ThumbUpOutlined'
import TrendingUp from '@mui/icons-material/TrendingUp'
import Campaign from '@mui/icons-material/CampaignOutlined'
import { NETWORK_NAMES, NETWORKS, type Connectors, type Network } from '@/contract/contentMarketing'
import { StatCard } from '@/components/StatCard/StatCard'
import { formatCount } from '@/lib/format'
import { paths } from '@/lib/paths'
import {
  useGetMarketingStatsQuery,
  useGetRecentPostsQuery,
  useGetScheduledPostsQuery,
} from '../api/contentMarketingApi'
import { sampleMarketingStats, sampleRecentPosts, sampleScheduledPosts } from '../sampleData'
import { PostForm } from './PostForm'
import { PostList } from './PostList'
import { ReadOnlyPosting } from './ReadOnlyPosting'
import type { StaffAccess } from './staffAccess'

type Props = {
  /** What the signed-in person's role allows: the form shows only to those who may publish. */
  access: StaffAccess
  /** The clock for relative times and sample dates. */
  now?: () => number
}

const outboxNetworks = (connectors: Connectors | undefined) =>
  connectors ? NETWORKS.filter((network) => connectors[network] === 'outbox') : []

/** Nothing reads figures back for a post kept in the outbox, so its engagement and reach are none. */
const NO_OUTBOX_FIGURES = 'Outbox posts have no engagement or reach figures.'

const listNames = (networks: readonly Network[]) => {
  const names = networks.map((network) => NETWORK_NAMES[network])
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]
}

/** The staff dashboard's content-marketing figures, posts and the way to post. */
export function ContentMarketingPanel({ access, now = Date.now }: Props) {
  const stats = useGetMarketingStatsQuery()
  const recent = useGetRecentPostsQuery()
  const scheduled = useGetScheduledPostsQuery()
  // The sample dates are fixed when the samples are first needed, not on every render.
  const [sampleNow] = useState(now)

  const loading = stats.isLoading || recent.isLoading || scheduled.isLoading
  const failed = !loading && (stats.isError || recent.isError || scheduled.isError)
  const connectors = stats.data?.connectors ?? recent.data?.connectors
  const outbox = outboxNetworks(connectors)

  const figures = failed ? sampleMarketingStats : stats.data?.data
  const recentPosts = failed ? sampleRecentPosts(sampleNow) : recent.data?.data
  const scheduledPosts = failed ? sampleScheduledPosts(sampleNow) : scheduled.data?.data
  const retry = () => {
    void stats.refetch()
    void recent.refetch()
    void scheduled.refetch()
  }

  // In outbox mode the social figures are sums over posts that have none: the tiles say so.
  const socialCaption = failed ? 'Sample' : outbox.length > 0 ? 'None from outbox posts' : undefined
  const tiles = figures
    ? [
        {
          label: 'Blog Views',
          value: figures.contentStats.blogViews,
          icon: <Visibility />,
          caption: failed ? 'Sample' : undefined,
        },
        {
          label: 'Social Engagement',
          value: figures.contentStats.socialEngagement,
          icon: <ThumbUp />,
          caption: socialCaption,
        },
        {
          label: 'Conversions',
          value: figures.contentStats.conversions,
          icon: <TrendingUp />,
          caption: failed ? 'Sample' : undefined,
        },
        {
          label: 'Reach',
          value: figures.contentStats.reach,
          icon: <Campaign />,
          caption: socialCaption,
        },
      ]
    : []

  return (
    <Card component="section" aria-labelledby="content-marketing-heading" aria-busy={loading}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Typography id="content-marketing-heading" variant="h2">
            Content Marketing
          </Typography>
          <Stack direction="row" spacing={1}>
            {/* In this tab: the staff session lives in the tab's memory only, so a new tab
                would ask to sign in again. */}
            <Button component={RouterLink} to={paths.analytics} variant="outlined" size="small">
              View Analytics
            </Button>
            <Button
              href={paths.blog}
              target="_blank"
              rel="noopener"
              variant="outlined"
              size="small"
              endIcon={<OpenInNew />}
            >
              Open Blog
            </Button>
          </Stack>
        </Stack>

        <Stack spacing={2}>
          {loading && (
            <Stack role="status" spacing={1}>
              <LinearProgress aria-label="Loading content-marketing figures" />
              <Typography variant="body2" color="textSecondary">
                Loading content-marketing figures…
              </Typography>
            </Stack>
          )}
          {failed && (
            <Alert
              severity="warning"
              role="status"
              action={
                <Button color="inherit" size="small" onClick={retry}>
                  Try Again
                </Button>
              }
            >
              Sample data: the content-marketing figures could not be loaded, so the numbers and
              posts below are examples, not this site&apos;s.
            </Alert>
          )}
          {!failed && outbox.length > 0 && (
            <Alert severity="info" role="status">
              <strong>Outbox mode is on</strong> for {listNames(outbox)}: posts are saved here and
              not sent to {outbox.length > 1 ? 'those networks' : 'that network'}. Add a
              network&apos;s credentials to the server&apos;s configuration to publish there.{' '}
              {NO_OUTBOX_FIGURES} No network reports them back, so they add nothing to Social
              Engagement and Reach.
            </Alert>
          )}

          <Box>
            <Typography variant="h3" component="h3" gutterBottom>
              Content statistics
            </Typography>
            <Grid container spacing={2}>
              {loading
                ? Array.from({ length: 4 }, (_, index) => (
                    <Grid key={index} size={{ xs: 12, sm: 6, lg: 3 }}>
                      <Skeleton variant="rounded" height={92} aria-hidden />
                    </Grid>
                  ))
                : tiles.map((tile) => (
                    <Grid key={tile.label} size={{ xs: 12, sm: 6, lg: 3 }}>
                      <StatCard
                        label={tile.label}
                        value={formatCount(tile.value)}
                        icon={tile.icon}
                        caption={tile.caption}
                      />
                    </Grid>
                  ))}
            </Grid>
          </Box>

          <Box>
            <Typography variant="h3" component="h3" gutterBottom>
              By network
            </Typography>
            <Grid container spacing={2}>
              {NETWORKS.map((network) => {
                const figuresOf = figures?.socialStats[network]
                return (
                  <Grid key={network} size={{ xs: 12, md: 4 }}>
                    <Card
                      variant="outlined"
                      component="section"
                      aria-label={`${NETWORK_NAMES[network]} statistics`}
                    >
                      <CardContent>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                          <Typography variant="h4" component="h4">
                            {NETWORK_NAMES[network]}
                          </Typography>
                          {!failed && connectors?.[network] === 'outbox' && (
                            <Chip label="Outbox" size="small" variant="outlined" />
                          )}
                        </Stack>
                        {figuresOf ? (
                          <Box
                            component="dl"
                            sx={{
                              display: 'grid',
                              gridTemplateColumns: 'repeat(3, 1fr)',
                              gap: 1,
                              m: 0,
                            }}
                          >
                            {(['posts', 'engagement', 'reach'] as const).map((key) => (
                              <Box key={key}>
                                <Typography
                                  component="dt"
                                  variant="body2"
                                  color="textSecondary"
                                  sx={{ textTransform: 'capitalize' }}
                                >
                                  {key}
                                </Typography>
                                <Typography
                                  component="dd"
                                  variant="h4"
                                  sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
                                >
                                  {formatCount(figuresOf[key])}
                                </Typography>
                              </Box>
                            ))}
                          </Box>
                        ) : (
                          <Skeleton variant="text" height={48} aria-hidden />
                        )}
                        {!failed && connectors?.[network] === 'outbox' && (
                          <Typography
                            variant="caption"
                            color="textSecondary"
                            sx={{ display: 'block', mt: 1 }}
                          >
                            {NO_OUTBOX_FIGURES}
                          </Typography>
                        )}
                      </CardContent>
                    </Card>
                  </Grid>
                )
              })}
            </Grid>
          </Box>

          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <PostList
                title="Recent posts"
                kind="recent"
                posts={recentPosts}
                sample={failed}
                now={now}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <PostList
                title="Scheduled posts"
                kind="scheduled"
                posts={scheduledPosts}
                sample={failed}
                now={now}
              />
            </Grid>
          </Grid>

          {access.canPublish ? (
            <PostForm connectors={connectors} now={now} />
          ) : (
            <ReadOnlyPosting role={access.role} />
          )}
        </Stack>
      </CardContent>
    </Card>
  )
}
