/** What the signed-in person's role lets them do on the dashboard, as the app hands it over. */
export type StaffAccess = {
  /** admin, user or viewer. */
  role: string
  /** Whether they may publish and schedule posts; the server checks again on every post. */
  canPublish: boolean
}
