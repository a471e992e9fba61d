import Box from '@mui/material/Box'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import ChatBubble from '@mui/icons-material/ChatBubbleOutlineOutlined'
import Favorite from '@mui/icons-material/FavoriteBorder'
import Share from '@mui/icons-material/Share'
import TouchApp from '@mui/icons-material/TouchApp'
import { MockupHeader } from '@/components/MockupHeader/MockupHeader'
import { StatCard } from '@/components/StatCard/StatCard'
import { formatCount } from '@/lib/format'
import { paths } from '@/lib/paths'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import {
  browserStorage,
  useDemoPersistence,
  type DemoStorage,
} from '@/lib/store/useDemoPersistence'
import { CreatePostForm } from '../components/CreatePostForm'
import { PostCard } from '../components/PostCard'
import {
  platformFilterChanged,
  platformNames,
  postCreated,
  postPublished,
  postScheduled,
  selectAnalyticsSummary,
  selectFilteredPosts,
  selectPlatformFilter,
  selectSocialPostsState,
  socialPostsReset,
  socialPostsRestored,
} from '../socialPostsSlice'
import { platforms, socialPostsStateSchema, type PlatformFilter, type PostDraft } from '../types'

export const SOCIAL_STORAGE_KEY = 'api-atlas.demo.social-posts'

/** The demo's posts, kept in this browser across reloads. */
const persistence = {
  key: SOCIAL_STORAGE_KEY,
  schema: socialPostsStateSchema,
  select: selectSocialPostsState,
  restored: socialPostsRestored,
}

type Props = {
  /** The clock that stamps new posts' ids. */
  now?: () => number
  /** Where the demo state survives a reload; `null` keeps it in memory only. */
  storage?: DemoStorage | null
}

const tabs: { value: PlatformFilter; label: string }[] = [
  { value: 'all', label: 'All Platforms' },
  ...platforms.map((value) => ({ value, label: platformNames[value] })),
]

/** The Social manager mock-up: posts to four networks on in-browser sample data. */
export function SocialScreen({ now = Date.now, storage = browserStorage }: Props) {
  useDemoPersistence(storage, persistence)
  const dispatch = useAppDispatch()
  const filter = useAppSelector(selectPlatformFilter)
  const posts = useAppSelector(selectFilteredPosts)
  const summary = useAppSelector(selectAnalyticsSummary)
  const filterLabel = tabs.find((tab) => tab.value === filter)?.label ?? ''

  function create(draft: Omit<PostDraft, 'id'>) {
    dispatch(postCreated({ ...draft, id: now() }))
    // Show the new draft even when another network's tab is open.
    if (filter !== 'all' && filter !== draft.platform) dispatch(platformFilterChanged('all'))
  }

  const totals = [
    { label: 'Total Likes', value: summary.likes, icon: <Favorite /> },
    { label: 'Total Shares', value: summary.shares, icon: <Share /> },
    { label: 'Total Comments', value: summary.comments, icon: <ChatBubble /> },
    { label: 'Total Clicks', value: summary.clicks, icon: <TouchApp /> },
  ]

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <MockupHeader
        title="Social manager"
        description="Social media posts of API Atlas for Twitter, LinkedIn, Facebook and Instagram."
        path={paths.social}
        subtitle="Plan, schedule and publish posts. Sample data: changes stay in this browser."
        onReset={() => dispatch(socialPostsReset())}
      />

      <Tabs
        value={filter}
        onChange={(_event, value: PlatformFilter) => dispatch(platformFilterChanged(value))}
        aria-label="Platform"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            label={tab.label}
            id={`platform-tab-${tab.value}`}
            aria-controls="platform-panel"
          />
        ))}
      </Tabs>

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Stack spacing={3}>
            <CreatePostForm onCreate={create} />
            <Box component="section" aria-labelledby="analytics-heading">
              <Typography variant="h2" id="analytics-heading" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                Analytics Summary
              </Typography>
              <Grid container spacing={1.5}>
                {totals.map((total) => (
                  <Grid key={total.label} size={6}>
                    <StatCard
                      label={total.label}
                      value={formatCount(total.value)}
                      icon={total.icon}
                    />
                  </Grid>
                ))}
              </Grid>
            </Box>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <Box
            role="tabpanel"
            id="platform-panel"
            aria-labelledby={`platform-tab-${filter}`}
            component="section"
          >
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
              {filter === 'all' ? 'All posts' : `${filterLabel} posts`}
            </Typography>
            {posts.length === 0 ? (
              <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
                <Typography variant="h4" component="p">
                  No {filterLabel} posts yet
                </Typography>
                <Typography color="textSecondary" sx={{ mt: 1 }}>
                  Write one with Create New Post; it starts as a draft.
                </Typography>
              </Paper>
            ) : (
              <Stack spacing={2}>
                {posts.map((post) => (
                  <PostCard
                    key={post.id}
                    post={post}
                    onSchedule={() => dispatch(postScheduled({ id: post.id }))}
                    onPublish={() => dispatch(postPublished({ id: post.id }))}
                  />
                ))}
              </Stack>
            )}
          </Box>
        </Grid>
      </Grid>
    </Container>
  )
}
