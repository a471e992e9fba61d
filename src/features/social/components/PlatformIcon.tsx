import Facebook from '@mui/icons-material/Facebook'
import Instagram from '@mui/icons-material/Instagram'
import LinkedIn from '@mui/icons-material/LinkedIn'
import Twitter from '@mui/icons-material/Twitter'
import type { Platform } from '../types'

const icons = { twitter: Twitter, linkedin: LinkedIn, facebook: Facebook, instagram: Instagram }

/** The network's mark; decorative, since the post's title names the network. */
export function PlatformIcon({ platform }: { platform: Platform }) {
  const Icon = icons[platform]
  return <Icon color="primary" aria-hidden sx={{ fontSize: 32 }} />
}
