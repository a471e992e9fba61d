import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'

/**
 * What the Endpoints section says of an API only the public-apis list knows: the list names the
 * API and links its documentation, but describes no operations, and we invent none.
 */
export function ListOnlyOperations({ docs }: { docs: string | null }) {
  return (
    <Typography color="textSecondary">
      We know this API from the public-apis list, which describes no operations, and it publishes no
      OpenAPI document we could read them from.{' '}
      {docs ? (
        <>
          Its operations are in{' '}
          <Link href={docs} target="_blank" rel="noopener noreferrer">
            its documentation
          </Link>
          .
        </>
      ) : (
        'The list gives no documentation address.'
      )}
    </Typography>
  )
}
