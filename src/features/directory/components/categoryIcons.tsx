import { lazy, Suspense, type ComponentType } from 'react'
import type { SvgIconProps } from '@mui/material/SvgIcon'

type IconModule = { default: ComponentType<SvgIconProps> }

/**
 * The Material icons the 18 categories name (`Category.icon`). A category page shows one, so each
 * is its own small download, fetched as the page renders rather than all 19 on its first load
 * (docs/performance.md); the icon's box keeps its place meanwhile.
 */
const loaders: Record<string, () => Promise<IconModule>> = {
  AccountBalance: () => import('@mui/icons-material/AccountBalanceOutlined'),
  Build: () => import('@mui/icons-material/BuildOutlined'),
  Business: () => import('@mui/icons-material/BusinessOutlined'),
  Campaign: () => import('@mui/icons-material/CampaignOutlined'),
  Category: () => import('@mui/icons-material/CategoryOutlined'),
  Cloud: () => import('@mui/icons-material/CloudOutlined'),
  DirectionsCar: () => import('@mui/icons-material/DirectionsCarOutlined'),
  Forum: () => import('@mui/icons-material/ForumOutlined'),
  Insights: () => import('@mui/icons-material/InsightsOutlined'),
  Movie: () => import('@mui/icons-material/MovieOutlined'),
  Payment: () => import('@mui/icons-material/PaymentOutlined'),
  Place: () => import('@mui/icons-material/PlaceOutlined'),
  Psychology: () => import('@mui/icons-material/PsychologyOutlined'),
  Public: () => import('@mui/icons-material/PublicOutlined'),
  Router: () => import('@mui/icons-material/RouterOutlined'),
  Security: () => import('@mui/icons-material/SecurityOutlined'),
  ShoppingCart: () => import('@mui/icons-material/ShoppingCartOutlined'),
  TaskAlt: () => import('@mui/icons-material/TaskAltOutlined'),
  Translate: () => import('@mui/icons-material/TranslateOutlined'),
}

const icons = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [name, lazy(load)]),
) as Record<string, ComponentType<SvgIconProps>>

/** A category's icon, decorative (its name is always written beside it); a generic one if unknown. */
export function CategoryIcon({ icon, ...props }: { icon: string } & SvgIconProps) {
  const Icon = icons[icon] ?? icons.Category!
  return (
    <Suspense fallback={null}>
      <Icon aria-hidden {...props} />
    </Suspense>
  )
}
