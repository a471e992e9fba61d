/** Full navigation to another site; kept apart so tests can observe it without leaving the page. */
export function leaveSite(url: string) {
  window.location.assign(url)
}
