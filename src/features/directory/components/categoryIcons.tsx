import type { SvgIconProps } from '@mui/material/SvgIcon'
import AccountBalance from '@mui/icons-material/AccountBalanceOutlined'
import Build from '@mui/icons-material/BuildOutlined'
import Business from '@mui/icons-material/BusinessOutlined'
import Campaign from '@mui/icons-material/CampaignOutlined'
import Category from '@mui/icons-material/CategoryOutlined'
import Cloud from '@mui/icons-material/CloudOutlined'
import DirectionsCar from '@mui/icons-material/DirectionsCarOutlined'
import Forum from '@mui/icons-material/ForumOutlined'
import Insights from '@mui/icons-material/InsightsOutlined'
import Movie from '@mui/icons-material/MovieOutlined'
import Payment from '@mui/icons-material/PaymentOutlined'
import Place from '@mui/icons-material/PlaceOutlined'
import Psychology from '@mui/icons-material/PsychologyOutlined'
import Public from '@mui/icons-material/PublicOutlined'
import Router from '@mui/icons-material/RouterOutlined'
import Security from '@mui/icons-material/SecurityOutlined'
import ShoppingCart from '@mui/icons-material/ShoppingCartOutlined'
import TaskAlt from '@mui/icons-material/TaskAltOutlined'
import Translate from '@mui/icons-material/TranslateOutlined'

/**
 * The Material icons the 18 categories name (`Category.icon`), imported one by one so the listing
 * does not pull in the whole icon set.
 */
const icons: Record<string, typeof Cloud> = {
  AccountBalance,
  Build,
  Business,
  Campaign,
  Cloud,
  DirectionsCar,
  Forum,
  Insights,
  Movie,
  Payment,
  Place,
  Psychology,
  Public,
  Router,
  Security,
  ShoppingCart,
  TaskAlt,
  Translate,
}

/** A category's icon, decorative (its name is always written beside it); a generic one if unknown. */
export function CategoryIcon({ icon, ...props }: { icon: string } & SvgIconProps) {
  const Icon = icons[icon] ?? Category
  return <Icon aria-hidden {...props} />
}
