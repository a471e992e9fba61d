import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { Parameter } from '@/contract/operations'
import { OutlinedField } from '@/components/OutlinedField/OutlinedField'

type Props = {
  parameters: Parameter[]
  values: Record<string, string>
  onChange: (values: Record<string, string>) => void
}

/** The operation's path parameters, each an editable field that fills its place in the URL. */
export function PathParameters({ parameters, values, onChange }: Props) {
  if (parameters.length === 0) return null
  return (
    <Box component="section" aria-labelledby="path-parameters-title">
      <Typography id="path-parameters-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Path parameters
      </Typography>
      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          '& th, & td': { textAlign: 'left', verticalAlign: 'top', py: 0.75, pr: 1.5 },
        }}
      >
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={parameter.name}>
              <td>
                <Box component="code">{parameter.name}</Box>
              </td>
              <td>
                <OutlinedField
                  label={parameter.name}
                  value={values[parameter.name] ?? ''}
                  placeholder={parameter.type}
                  code
                  onChange={(event) =>
                    onChange({ ...values, [parameter.name]: event.target.value })
                  }
                />
              </td>
              <td>
                <Typography variant="body2" color="textSecondary">
                  {parameter.description}
                </Typography>
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  )
}
