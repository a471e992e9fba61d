import Box from '@mui/material/Box'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import CancelOutlined from '@mui/icons-material/CancelOutlined'
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined'
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined'
import { monoFontFamily } from '@/lib/theme/tokens'
import type { CheckResult } from '../lib/checks'

const OUTCOMES = {
  pass: { word: 'Pass', color: 'success.main', Icon: CheckCircleOutlined },
  fail: { word: 'Fail', color: 'error.main', Icon: CancelOutlined },
  invalid: { word: 'Cannot run', color: 'warning.main', Icon: ErrorOutlineOutlined },
} as const

/** Each check's outcome, in words and colour, with what the answer actually had. */
export function CheckResults({ results }: { results: CheckResult[] }) {
  return (
    <Stack
      component="ul"
      aria-label="Check results"
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {results.map((result) => {
        const { word, color, Icon } = OUTCOMES[result.outcome]
        return (
          <Box
            component="li"
            key={result.id}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Icon sx={{ color, mt: 0.25 }} aria-hidden />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>
                <Box component="span" sx={{ color }}>
                  {word}
                </Box>
                {': '}
                {result.label}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                {result.outcome === 'invalid' ? '' : 'Actual: '}
                <Box component="span" sx={{ fontFamily: monoFontFamily }}>
                  {result.actual}
                </Box>
              </Typography>
            </Box>
          </Box>
        )
      })}
    </Stack>
  )
}
