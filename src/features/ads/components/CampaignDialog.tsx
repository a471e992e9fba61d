import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { formatCount, formatMoney, formatPercent } from '@/lib/format'
import type { Campaign } from '../types'
import { CampaignStatusChip } from './CampaignStatusChip'

type Props = {
  open: boolean
  /** Kept while the dialog fades out, so its content does not vanish first. */
  campaign: Campaign | undefined
  onClose: () => void
}

/** The campaign's View modal: its figures and keywords; Edit Campaign does nothing. */
export function CampaignDialog({ open, campaign, onClose }: Props) {
  const figures = campaign
    ? [
        ['Impressions', formatCount(campaign.impressions)],
        ['Clicks', formatCount(campaign.clicks)],
        ['CTR', formatPercent(campaign.ctr, 2)],
        ['CPC', formatMoney(campaign.cpc)],
        ['Conversions', formatCount(campaign.conversions)],
        ['Conversion Rate', formatPercent(campaign.conversionRate, 2)],
      ]
    : []

  return (
    <Dialog open={open && Boolean(campaign)} onClose={onClose} fullWidth maxWidth="sm">
      {campaign && (
        <>
          <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 3 }}>
            <Box component="span" sx={{ flexGrow: 1 }}>
              {campaign.name}
            </Box>
            <CampaignStatusChip status={campaign.status} />
          </DialogTitle>
          <DialogContent dividers>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
                gap: 2,
                m: 0,
              }}
            >
              {figures.map(([label, value]) => (
                <Box key={label}>
                  <Typography component="dt" variant="body2" color="textSecondary">
                    {label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="h4"
                    sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="h4" component="h3" sx={{ mt: 3, mb: 1 }}>
              Keywords
            </Typography>
            {campaign.keywords.length > 0 ? (
              <Stack
                component="ul"
                direction="row"
                aria-label="Keywords"
                sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
              >
                {campaign.keywords.map((keyword) => (
                  <li key={keyword}>
                    <Chip label={keyword} variant="outlined" size="small" />
                  </li>
                ))}
              </Stack>
            ) : (
              <Typography color="textSecondary">No keywords yet.</Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            {/* Edit Campaign is shown and, by design, does nothing. */}
            <Button variant="contained">Edit Campaign</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  )
}
