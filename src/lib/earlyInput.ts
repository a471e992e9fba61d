// What the server's page took from a visitor before the app ran (src/app/earlyInput.js), for the
// app to finish.

/** The attribute on <html> naming the form sent before the app ran. */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit'

/**
 * True, once, when the form with this id was submitted before the app ran: the app sends it now.
 * The mark is removed, so the page's "taken" look goes and a second mount does not send again.
 */
export function takeEarlySubmit(formId: string): boolean {
  if (typeof document === 'undefined') return false
  const root = document.documentElement
  if (root.getAttribute(EARLY_SUBMIT_ATTRIBUTE) !== formId) return false
  root.removeAttribute(EARLY_SUBMIT_ATTRIBUTE)
  return true
}
