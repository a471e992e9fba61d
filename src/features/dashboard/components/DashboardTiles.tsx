import Grid from '@mui/material/Grid'
import Api from '@mui/icons-material/Api'
import AttachMoney from '@mui/icons-material/AttachMoney'
import FolderOpen from '@mui/icons-material/FolderOpenOutlined'
import People from '@mui/icons-material/PeopleOutlined'
import { StatCard } from '@/components/StatCard/StatCard'
import { formatCount, formatMoney } from '@/lib/format'
import { useGetCatalogueTotalQuery } from '../api/contentMarketingApi'
import { sampleTiles } from '../sampleData'

/** Four tiles: the live catalogue count and three sample figures that say so (docs/analytics.md). */
export function DashboardTiles() {
  const { data: total, isError, isLoading } = useGetCatalogueTotalQuery()
  const tiles = [
    {
      label: 'Total APIs',
      value: total === undefined ? (isError ? 'Unavailable' : '…') : formatCount(total),
      // Entries, as the directory lists them; Recent Activity's catalogue line counts every version.
      caption: isLoading ? 'Counting the live catalogue…' : 'Directory entries, versions grouped',
      icon: <Api />,
    },
    {
      label: 'Active Projects',
      value: formatCount(sampleTiles.activeProjects),
      caption: 'Sample value',
      icon: <FolderOpen />,
    },
    {
      label: 'Registered Users',
      value: formatCount(sampleTiles.registeredUsers),
      caption: 'Sample value',
      icon: <People />,
    },
    {
      label: 'Revenue',
      value: formatMoney(sampleTiles.revenue),
      caption: 'Sample value',
      icon: <AttachMoney />,
    },
  ]
  return (
    <Grid container spacing={2}>
      {tiles.map((tile) => (
        <Grid key={tile.label} size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard {...tile} />
        </Grid>
      ))}
    </Grid>
  )
}
