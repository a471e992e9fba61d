import { useState } from 'react'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import Add from '@mui/icons-material/Add'
import AttachMoney from '@mui/icons-material/AttachMoney'
import AdsClick from '@mui/icons-material/AdsClick'
import Payments from '@mui/icons-material/PaymentsOutlined'
import TaskAlt from '@mui/icons-material/TaskAlt'
import { MockupHeader } from '@/components/MockupHeader/MockupHeader'
import { StatCard } from '@/components/StatCard/StatCard'
import { formatCount, formatMoney, formatPercent } from '@/lib/format'
import { paths } from '@/lib/paths'
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks'
import {
  browserStorage,
  useDemoPersistence,
  type DemoStorage,
} from '@/lib/store/useDemoPersistence'
import {
  campaignCreated,
  campaignsReset,
  campaignsRestored,
  campaignStatusToggled,
  selectCampaignById,
  selectCampaigns,
  selectCampaignsState,
  selectTotalBudget,
  selectTotalClicks,
  selectTotalConversions,
  selectTotalSpent,
  toggleLabel,
} from '../campaignsSlice'
import { CampaignDialog } from '../components/CampaignDialog'
import { CampaignStatusChip } from '../components/CampaignStatusChip'
import { campaignsStateSchema } from '../types'

export const CAMPAIGNS_STORAGE_KEY = 'api-atlas.demo.campaigns'

/** The demo's campaigns, kept in this browser across reloads. */
const persistence = {
  key: CAMPAIGNS_STORAGE_KEY,
  schema: campaignsStateSchema,
  select: selectCampaignsState,
  restored: campaignsRestored,
}

type Props = {
  /** The clock that stamps new campaigns' ids. */
  now?: () => number
  /** Where the demo state survives a reload; `null` keeps it in memory only. */
  storage?: DemoStorage | null
}

const columns = ['Campaign', 'Status', 'Budget', 'Spent', 'Clicks', 'CTR', 'CPC', 'Conversions']

/** The Ads manager mock-up: search-advertising campaigns on in-browser sample data. */
export function AdsScreen({ now = Date.now, storage = browserStorage }: Props) {
  useDemoPersistence(storage, persistence)
  const dispatch = useAppDispatch()
  const campaigns = useAppSelector(selectCampaigns)
  const totalBudget = useAppSelector(selectTotalBudget)
  const totalSpent = useAppSelector(selectTotalSpent)
  const totalClicks = useAppSelector(selectTotalClicks)
  const totalConversions = useAppSelector(selectTotalConversions)
  const [viewedId, setViewedId] = useState<number | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const viewed = useAppSelector((state) => selectCampaignById(state, viewedId))

  const summary = [
    { label: 'Total Budget', value: formatMoney(totalBudget), icon: <AttachMoney /> },
    { label: 'Total Spent', value: formatMoney(totalSpent), icon: <Payments /> },
    { label: 'Total Clicks', value: formatCount(totalClicks), icon: <AdsClick /> },
    { label: 'Total Conversions', value: formatCount(totalConversions), icon: <TaskAlt /> },
  ]

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <MockupHeader
        title="Ads manager"
        description="Search-advertising campaigns of API Atlas: budgets, spend, clicks and conversions."
        path={paths.ads}
        subtitle="Search advertising campaigns. Sample data: changes stay in this browser."
        onReset={() => dispatch(campaignsReset())}
      >
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => dispatch(campaignCreated({ id: now() }))}
        >
          Create Campaign
        </Button>
      </MockupHeader>

      <Grid container spacing={2} sx={{ mb: 4 }}>
        {summary.map((item) => (
          <Grid key={item.label} size={{ xs: 12, sm: 6, md: 3 }}>
            <StatCard {...item} />
          </Grid>
        ))}
      </Grid>

      <Paper variant="outlined">
        <Typography variant="h2" id="campaigns-heading" sx={{ px: 3, pt: 2.5, pb: 1.5 }}>
          Campaigns
        </Typography>
        <TableContainer>
          <Table aria-labelledby="campaigns-heading" sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column}
                    align={column === 'Campaign' || column === 'Status' ? 'left' : 'right'}
                  >
                    {column}
                  </TableCell>
                ))}
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {campaigns.map((campaign) => (
                <TableRow key={campaign.id} hover>
                  <TableCell component="th" scope="row">
                    <Typography sx={{ fontWeight: 600 }}>{campaign.name}</Typography>
                    <Typography variant="body2" color="textSecondary">
                      {plural(campaign.adGroups, 'ad group')} • {plural(campaign.ads, 'ad')}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <CampaignStatusChip status={campaign.status} />
                  </TableCell>
                  <TableCell align="right">{formatMoney(campaign.budget)}</TableCell>
                  <TableCell align="right">{formatMoney(campaign.spent)}</TableCell>
                  <TableCell align="right">{formatCount(campaign.clicks)}</TableCell>
                  <TableCell align="right">{formatPercent(campaign.ctr, 2)}</TableCell>
                  <TableCell align="right">{formatMoney(campaign.cpc)}</TableCell>
                  <TableCell align="right">{formatCount(campaign.conversions)}</TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        aria-label={`View ${campaign.name}`}
                        onClick={() => {
                          setViewedId(campaign.id)
                          setDialogOpen(true)
                        }}
                      >
                        View
                      </Button>
                      <Button
                        size="small"
                        variant="outlined"
                        sx={{ minWidth: 84 }}
                        aria-label={`${toggleLabel(campaign.status)} ${campaign.name}`}
                        onClick={() => dispatch(campaignStatusToggled({ id: campaign.id }))}
                      >
                        {toggleLabel(campaign.status)}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
              {campaigns.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} align="center" sx={{ py: 6 }}>
                    No campaigns yet. Create one to start.
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>

      <CampaignDialog open={dialogOpen} campaign={viewed} onClose={() => setDialogOpen(false)} />
    </Container>
  )
}

function plural(count: number, noun: string) {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`
}
