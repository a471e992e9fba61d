import type { ReactNode } from 'react'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Skeleton from '@mui/material/Skeleton'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Api from '@mui/icons-material/Api'
import AttachMoney from '@mui/icons-material/AttachMoney'
import Campaign from '@mui/icons-material/CampaignOutlined'
import FolderOpen from '@mui/icons-material/FolderOpenOutlined'
import PersonAdd from '@mui/icons-material/PersonAddOutlined'
import Science from '@mui/icons-material/ScienceOutlined'
import type { ActivityInput, ActivityType } from '@/contract/dashboard'
import { formatDateTime, formatRelative } from '@/lib/format'
import { monoFontFamily } from '@/lib/theme/tokens'
import { useGetActivityQuery } from '../api/contentMarketingApi'

const icons: Record<ActivityType, ReactNode> = {
  api_added: <Api />,
  user_signup: <PersonAdd />,
  project_created: <FolderOpen />,
  api_tested: <Science />,
  revenue: <AttachMoney />,
  post_published: <Campaign />,
}

const inputLabels: Record<ActivityInput['from'], string> = {
  visitor: 'Visitor input:',
  staff: 'Staff input:',
}

/**
 * What someone typed, on a line of its own under the system's sentence, labelled with who typed
 * it and shown verbatim in monospace, so it never reads as the system speaking.
 */
function InputLine({ input }: { input: ActivityInput }) {
  return (
    <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ fontWeight: 'fontWeightMedium' }}>
        {inputLabels[input.from]}
      </Box>{' '}
      {/* dir="auto" isolates the text, so right-to-left characters cannot reorder the line. */}
      <Box component="code" dir="auto" sx={{ fontFamily: monoFontFamily }}>
        {input.text}
      </Box>
    </Box>
  )
}

type Props = { now?: () => number }

/** What happened lately: tests run, staff accounts, posts, catalogue loads; samples marked. */
export function RecentActivity({ now = Date.now }: Props) {
  const { data: items, isError, isLoading } = useGetActivityQuery()
  return (
    <Paper variant="outlined" component="section" aria-labelledby="activity-heading" sx={{ p: 2 }}>
      <Typography id="activity-heading" variant="h3" gutterBottom>
        Recent Activity
      </Typography>
      {isLoading && (
        <Stack spacing={1} aria-hidden>
          <Skeleton variant="text" height={40} />
          <Skeleton variant="text" height={40} />
          <Skeleton variant="text" height={40} />
        </Stack>
      )}
      {isError && <Alert severity="warning">Recent activity could not be loaded.</Alert>}
      {items && (
        // Focusable, because it scrolls once the items pass its height: keyboard users scroll it too.
        <List
          dense
          disablePadding
          tabIndex={0}
          aria-labelledby="activity-heading"
          sx={{ maxHeight: 400, overflowY: 'auto' }}
        >
          {items.map((item) => (
            <ListItem key={item.id} disableGutters divider>
              <ListItemIcon sx={{ minWidth: 36, color: 'primary.main' }} aria-hidden>
                {icons[item.type]}
              </ListItemIcon>
              <ListItemText
                primary={item.message}
                secondary={
                  <>
                    {item.input && <InputLine input={item.input} />}
                    <Stack
                      component="span"
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center' }}
                    >
                      <time dateTime={item.timestamp} title={formatDateTime(item.timestamp) ?? ''}>
                        {formatRelative(item.timestamp, now())}
                      </time>
                      {item.sample && <Chip component="span" label="Sample" size="small" />}
                    </Stack>
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  )
}
