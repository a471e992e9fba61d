// What each staff role may do beyond reading, decided once for the server (which enforces it) and
// the dashboard (which hides what a role cannot do). docs/auth.md describes the roles.

export const STAFF_ROLES = ['admin', 'user', 'viewer'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/**
 * Posting to and scheduling on the company's social accounts. An admin has it; a `user` has it
 * only when an admin grants it (`npm run staff -- add … --role user --publish`).
 */
export const PUBLISH_POSTS = 'publish_posts'

/** The parts of a profile that decide what its owner may do; a missing profile has none. */
export type StaffGrant = { role: string | null; permissions: readonly string[] }

/**
 * Whether the account may publish or schedule posts. A viewer reads only, whatever its
 * permissions say: the permission is what separates a publishing `user` from a reading one.
 */
export const mayPublishPosts = ({ role, permissions }: StaffGrant) =>
  role === 'admin' ||
  (role === 'user' && (permissions.includes('*') || permissions.includes(PUBLISH_POSTS)))

/** Why an account may not publish, in words its owner can act on. */
export const publishRefusal = ({ role }: StaffGrant) =>
  role === 'user'
    ? 'Publishing and scheduling posts needs the admin role or the publish permission, which this user account does not have; an admin can grant it'
    : `Publishing and scheduling posts needs the admin role or a user account with the publish permission; this account is ${role === 'viewer' ? 'a viewer (read-only)' : 'without a staff profile'}`
