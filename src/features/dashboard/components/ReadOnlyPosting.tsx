import Alert from '@mui/material/Alert'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import LockOutlined from '@mui/icons-material/LockOutlined'

type Props = {
  /** The signed-in person's role: the explanation names what it lacks. */
  role: string
}

/**
 * In place of the post form for a role that may not publish: what it can do, what posting needs,
 * and whom to ask. The server refuses such a post whatever the page shows.
 */
export function ReadOnlyPosting({ role }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="post-form-heading" sx={{ p: 2 }}>
      <Typography id="post-form-heading" variant="h3" gutterBottom>
        Post to a network
      </Typography>
      <Alert severity="info" role="note" icon={<LockOutlined />}>
        {role === 'user' ? (
          <>
            <strong>Read-only for your account.</strong> You can see these figures and posts, but
            posting and scheduling on the company&apos;s accounts needs the publish permission,
            which your user account has not been given. Ask an admin to grant it.
          </>
        ) : (
          <>
            <strong>Read-only for {role === 'viewer' ? 'viewers' : 'your account'}.</strong> You can
            see these figures and posts, but posting and scheduling on the company&apos;s accounts
            needs the admin role, or the user role with the publish permission. Ask an admin if you
            need it.
          </>
        )}
      </Alert>
    </Paper>
  )
}
