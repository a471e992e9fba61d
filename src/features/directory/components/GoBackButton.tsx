import { useLocation, useNavigate } from 'react-router-dom'
import Button from '@mui/material/Button'
import ArrowBack from '@mui/icons-material/ArrowBack'
import { paths } from '@/lib/paths'

/** Back where the visitor came from; to the directory when the page was opened directly. */
export function GoBackButton() {
  const navigate = useNavigate()
  const location = useLocation()
  const cameFromSite = location.key !== 'default'
  return (
    <Button
      variant="contained"
      startIcon={<ArrowBack />}
      onClick={() => (cameFromSite ? navigate(-1) : navigate(paths.apis))}
    >
      Go Back
    </Button>
  )
}
