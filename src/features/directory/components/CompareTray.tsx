import { Link as RouterLink } from 'react-router-dom'
import Button from '@mui/material/Button'
import Container from '@mui/material/Container'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import Close from '@mui/icons-material/Close'
import { paths } from '@/lib/paths'
import { PICK_MAX, setPicked, type Picked } from '../lib/compareSelection'
import { VisuallyHidden } from '@/components/VisuallyHidden/VisuallyHidden'

const PICK_MIN = 2

/** What the tray says of the picks so far. */
function hint(count: number) {
  if (count < PICK_MIN) return `Pick ${PICK_MIN - count} more to compare (up to ${PICK_MAX}).`
  if (count >= PICK_MAX) return `${PICK_MAX} of ${PICK_MAX}: the most one comparison takes.`
  return `${count} of ${PICK_MAX} picked.`
}

/**
 * The APIs picked for comparison, along the bottom of the screen: each removable, then Compare
 * (from two picks) and Clear. Not printed.
 */
export function CompareTray({ picked }: { picked: Picked[] }) {
  const ready = picked.length >= PICK_MIN
  return (
    <Paper
      component="section"
      aria-label="APIs to compare"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 'appBar',
        py: 1.5,
        displayPrint: 'none',
      }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'center' } }}
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexGrow: 1 }}>
            {picked.map((api) => (
              <Button
                key={api.id}
                size="small"
                variant="outlined"
                endIcon={<Close aria-hidden />}
                onClick={() => setPicked(picked.filter((one) => one.id !== api.id))}
              >
                <VisuallyHidden>Remove </VisuallyHidden>
                {api.name}
              </Button>
            ))}
          </Stack>
          <Typography variant="body2" color="textSecondary" role="status">
            {hint(picked.length)}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="text" onClick={() => setPicked([])}>
              Clear
            </Button>
            {ready ? (
              <Button
                variant="contained"
                component={RouterLink}
                to={paths.compare(picked.map((api) => api.id))}
              >
                Compare {picked.length} APIs
              </Button>
            ) : (
              <Button variant="contained" disabled>
                Compare
              </Button>
            )}
          </Stack>
        </Stack>
      </Container>
    </Paper>
  )
}
