import type { ReactNode } from 'react'
import Alert from '@mui/material/Alert'
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
import type { ActivityType } from '@/contract/dashboard'
import { formatDateTime, formatRelative } from '@/app/lib/format'
import { useGetActivityQuery } from '../api/contentMarketingApi'

const icons: Record<ActivityType, ReactNode> = {
  api_added: <Api />,
  user_signup: <PersonAdd />,
  project_created: <FolderOpen />,
  api_tested: <Science />,
  revenue: <AttachMoney />,
  post_published: <Campaign />,
}

type Props = { accessToken: string; now?: () => number }

/** What happened lately: tests run, staff accounts, posts, catalogue loads; samples marked. */
export function RecentActivity({ accessToken, now = Date.now }: Props) {
  const { data: items, isError, isLoading } = useGetActivityQuery(accessToken)
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
        <List dense disablePadding sx={{ maxHeight: 400, overflowY: 'auto' }}>
          {items.map((item) => (
            <ListItem key={item.id} disableGutters divider>
              <ListItemIcon sx={{ minWidth: 36, color: 'primary.main' }} aria-hidden>
                {icons[item.type]}
              </ListItemIcon>
              <ListItemText
                primary={item.message}
                secondary={
                  <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <time dateTime={item.timestamp} title={formatDateTime(item.timestamp) ?? ''}>
                      {formatRelative(item.timestamp, now())}
                    </time>
                    {item.sample && <Chip component="span" label="Sample" size="small" />}
                  </Stack>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  )
}
