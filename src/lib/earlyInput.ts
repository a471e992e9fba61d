// What the server's page took from a visitor before the app ran (src/app/earlyInput.js), for the
// app to finish.

/** The attribute on <html> naming the form sent before the app ran. */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit'

/** <html> as the early-input script leaves it: the submit it held back last, and the one taken. */
type MarkedRoot = HTMLElement & { earlySubmitEvent?: Event; takenSubmitEvent?: Event }

/**
 * True, once, when the form with this id was submitted before the app ran: the app sends it now.
 * The mark is removed, so the page's "taken" look goes and a second mount does not send again.
 */
export function takeEarlySubmit(formId: string): boolean {
  if (typeof document === 'undefined') return false
  const root = document.documentElement as MarkedRoot
  if (root.getAttribute(EARLY_SUBMIT_ATTRIBUTE) !== formId) return false
  root.removeAttribute(EARLY_SUBMIT_ATTRIBUTE)
  root.takenSubmitEvent = root.earlySubmitEvent
  return true
}

/**
 * For the form's own submit handler: whether to send. False for a submit the app's mount already
 * sent through takeEarlySubmit: a press that lands while React hydrates the form is held by the
 * early-input script, and React may then hydrate the form (running its mount) before it delivers
 * that same press. Otherwise the early mark of this press is cleared, so the mount will not send it.
 */
export function submitHere(formId: string, event: Event): boolean {
  if (typeof document === 'undefined') return true
  const root = document.documentElement as MarkedRoot
  if (root.takenSubmitEvent === event) return false
  if (root.getAttribute(EARLY_SUBMIT_ATTRIBUTE) === formId)
    root.removeAttribute(EARLY_SUBMIT_ATTRIBUTE)
  return true
}

/** A form's fields as typed before the app took it over, by name: a text, or a box's checked. */
export type EarlyTyped = Record<string, string | boolean>

/**
 * What was typed into the form with this id while the app was taking it over, once, or null when
 * nothing was. From then on the early-input script leaves that form to the app.
 */
export function takeEarlyTyped(formId: string): EarlyTyped | null {
  if (typeof document === 'undefined') return null
  const root = document.documentElement as HTMLElement & {
    earlyTyped?: Record<string, EarlyTyped | null>
  }
  const typed = (root.earlyTyped ??= {})
  const fields = typed[formId] ?? null
  typed[formId] = null
  return fields
}

/** The attribute on <html> naming the last control marked data-early-click that was pressed. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click'

/**
 * Which of `keys` (data-early-click values) was pressed last before its part ran, once: the part
 * carries it out on mount. Null when none of them was.
 */
export function takeEarlyClick(keys: readonly string[]): string | null {
  if (typeof document === 'undefined') return null
  const root = document.documentElement as ClickRoot
  const pressed = root.getAttribute(EARLY_CLICK_ATTRIBUTE)
  if (pressed === null || !keys.includes(pressed)) return null
  root.removeAttribute(EARLY_CLICK_ATTRIBUTE)
  root.takenClickEvent = root.earlyClickEvent
  return pressed
}

/** <html> as the early-input script leaves it: the press it noted last, and the one taken. */
type ClickRoot = HTMLElement & { earlyClickEvent?: Event; takenClickEvent?: Event }

/**
 * For the click handler of a control whose press is not idempotent (a toggle): true when this very
 * press was carried out already by its part's mount (takeEarlyClick). A press that lands while React
 * hydrates the control is noted by the early-input script, and React may then hydrate the control
 * (running its mount) before it delivers that same press. Otherwise the note of this press, if it is
 * the control's, is dropped, so no later mount carries it out again.
 */
export function clickTakenEarly(key: string, event: Event): boolean {
  if (typeof document === 'undefined') return false
  const root = document.documentElement as ClickRoot
  if (root.takenClickEvent === event) return true
  if (root.getAttribute(EARLY_CLICK_ATTRIBUTE) === key) root.removeAttribute(EARLY_CLICK_ATTRIBUTE)
  return false
}

/**
 * Forgets a press of one of `keys` noted while its part ran (the part handled it itself): called
 * when the part goes, so coming back does not carry out an old press.
 */
export function forgetEarlyClick(keys: readonly string[]) {
  takeEarlyClick(keys)
}

/**
 * A key as data-early-focus and data-early-keys name it, and as src/app/earlyInput.js names it:
 * '/', '?', 'ctrl+s' (Ctrl or ⌘), 'ctrl+enter'. So a part's own listener and the early script read
 * its shortcuts from one list.
 */
export const shortcutName = (event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'key'>) =>
  `${event.ctrlKey || event.metaKey ? 'ctrl+' : ''}${event.key.toLowerCase()}`

/** <html> as the early-input script leaves it: the last choice in each marked select, by key. */
type ChangeRoot = HTMLElement & { earlyChanges?: Record<string, string> }

/**
 * The value last chosen in the select marked `data-early-change={key}` before its part ran, once:
 * the part, drawn afresh, chooses it again on mount. Null when nothing was chosen there.
 */
export function takeEarlyChange(key: string): string | null {
  if (typeof document === 'undefined') return null
  const changes = (document.documentElement as ChangeRoot).earlyChanges
  if (!changes || !Object.hasOwn(changes, key)) return null
  const value = changes[key]!
  delete changes[key]
  return value
}

/**
 * Forgets a choice noted in the select with this key: its part handled it itself (its own
 * onChange), or is going, so a later part with the same key does not choose it again.
 */
export function forgetEarlyChange(key: string) {
  takeEarlyChange(key)
}
