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

/** The attribute on <html> naming the last control marked data-early-click that was pressed. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click'

/**
 * Which of `keys` (data-early-click values) was pressed last before its part ran, once: the part
 * carries it out on mount. Null when none of them was.
 */
export function takeEarlyClick(keys: readonly string[]): string | null {
  if (typeof document === 'undefined') return null
  const root = document.documentElement
  const pressed = root.getAttribute(EARLY_CLICK_ATTRIBUTE)
  if (pressed === null || !keys.includes(pressed)) return null
  root.removeAttribute(EARLY_CLICK_ATTRIBUTE)
  return pressed
}

/**
 * Forgets a press of one of `keys` noted while its part ran (the part handled it itself): called
 * when the part goes, so coming back does not carry out an old press.
 */
export function forgetEarlyClick(keys: readonly string[]) {
  takeEarlyClick(keys)
}
