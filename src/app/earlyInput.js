// Inlined into index.html's head (scripts/vitePlugins.ts), allowed by its hash: the page the
// server drew answers a visitor at once, before the app has downloaded and taken it over. It never
// touches #root (hydration must find the server's markup as it was); it only
// - focuses the field whose data-early-focus names the key pressed ('/' outside a field, Ctrl+L
//   anywhere), as the app does;
// - carries out a shortcut the page lists in data-early-keys ("ctrl+s=tester:save"): the browser's
//   own action (Save page) is held back, and the press is noted as a press of a data-early-click
//   control of that name (below), for the part that has it;
// - sends a marked form on Ctrl+Enter in it, as its Send button would, until the app runs the form;
// - enables a marked form's button that needs a field (data-early-needs) once the field is filled;
// - holds back a submit of a form marked data-early-submit, so the page does not reload, and puts
//   the form's id on <html data-early-submit> for the app to send once it runs (and for the
//   page's stylesheet to show the press was taken);
// - keeps what is typed into such a form's named fields (<html>.earlyTyped[form id][name]) until
//   the app takes the form over: a change made while React hydrates it can land after the app read
//   the form and before React owns it, where hydration puts a text area's server text back;
// - keeps a text area that was typed into as typed while React hydrates it (see below), and the
//   caret or selection of one that was not;
// - notes the last press of a control marked data-early-click (a tab) on <html data-early-click>,
//   for the app to carry out when that control's part runs (src/lib/earlyInput.ts);
// - keeps the last choice in each select marked data-early-change (<html>.earlyChanges[key]), for
//   the part the app draws afresh to choose it again (src/lib/earlyInput.ts);
// - copies the text of a copy button marked data-early-copy pressed before the page runs, at once
//   (the browser allows a copy only while the press is fresh), and notes the press as above, with
//   ':failed' added when the copy was refused, for the button to say how it went;
// - shows that a link was taken when it leaves for a new document (pressed before the app runs,
//   or any link the app does not handle itself): <html data-leaving> draws a bar along the top
//   (the page's stylesheet) until the next page replaces this one, instead of nothing at all.
// It listens in the capture phase, ahead of React: while React hydrates, it stops the propagation
// of a press that lands on markup it has not taken over yet, and the press would never reach a
// listener below it (the default action, such as a form's native submit, still happens). So it
// sees every press, also those the app then handles itself: a form's own handler asks whether the
// submit was carried out already, or a second carrying out is harmless ('/' focusing the field, a tab chosen,
// 'Show all').
{
  const root = document.documentElement
  const typing = (target) =>
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

  // A key as data-early-focus and data-early-keys name it (shortcutName in src/lib/earlyInput.ts).
  // A key without Ctrl is a shortcut only outside a field, where it types nothing.
  const keyName = (event) =>
    (event.ctrlKey || event.metaKey ? 'ctrl+' : '') + event.key.toLowerCase()
  const takenOver = (form) => root.earlyTyped?.[form.id] === null

  document.addEventListener(
    'keydown',
    (event) => {
      if (event.altKey || event.isComposing || !event.key) return
      const key = keyName(event)
      if (!key.startsWith('ctrl+') && typing(event.target)) return
      if (key === 'ctrl+enter') {
        const form =
          event.target instanceof Element && event.target.closest('form[data-early-submit]')
        if (!form || takenOver(form)) return
        // Its Send button's press, held back for the app below (the submit listener); kept from
        // React, which would carry out the key too once it hydrates the form under it.
        event.preventDefault()
        event.stopPropagation()
        form.requestSubmit()
        return
      }
      for (const field of document.querySelectorAll('[data-early-focus]')) {
        if (!field.getAttribute('data-early-focus').split(' ').includes(key)) continue
        event.preventDefault()
        field.focus()
        return
      }
      for (const page of document.querySelectorAll('[data-early-keys]')) {
        for (const pair of page.getAttribute('data-early-keys').split(' ')) {
          const [shortcut, control] = pair.split('=')
          if (shortcut !== key || !control) continue
          event.preventDefault()
          root.setAttribute('data-early-click', control)
          return
        }
      }
    },
    true,
  )

  // A choice in a select marked data-early-change (a schema's levels shown, an example), by its
  // key, the last one kept: a part the app draws afresh would show its own first choice.
  document.addEventListener(
    'change',
    (event) => {
      const key = event.target instanceof Element && event.target.getAttribute('data-early-change')
      if (key) (root.earlyChanges ??= {})[key] = event.target.value
    },
    true,
  )

  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element && event.target.closest('[data-early-click]')
      if (!control) return
      const key = control.getAttribute('data-early-click')
      const text = control.getAttribute('data-early-copy')
      if (text === null) {
        root.setAttribute('data-early-click', key)
        // Which press: React may hydrate the control to deliver this very press to it after its
        // part carried the note out on mount (takeEarlyClick, clickTakenEarly).
        root.earlyClickEvent = event
        return
      }
      // Once the page runs, its own handler copies.
      if (root.hasAttribute('data-app-ready')) return
      const noted = (outcome) => root.setAttribute('data-early-click', key + outcome)
      // The executor runs now (a missing clipboard rejects instead of throwing).
      new Promise((resolve) => resolve(navigator.clipboard.writeText(text))).then(
        () => noted(''),
        () => noted(':failed'),
      )
    },
    true,
  )

  // Hydration puts a text area's server text back into it (React's initTextarea writes its value),
  // and again on each try if React starts over. The visitor's next keystroke would then land on the
  // server's text, with the caret at its end, and what they had typed would be gone from the field
  // and from what is kept below. So, once typed into, a text area does not take its own default
  // text back until the app has taken its form over; any other value set is set as asked. (React
  // then keeps no tracker of its value, and takes each input in it as a change: harmless.)
  const valueOfTextArea = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')
  const keepAsTyped = (field, form, typed) => {
    if (!(field instanceof HTMLTextAreaElement) || Object.hasOwn(field, 'value')) return
    Object.defineProperty(field, 'value', {
      configurable: true,
      get() {
        return valueOfTextArea.get.call(this)
      },
      set(value) {
        const ownedByApp = typed[form.id] === null
        if (!ownedByApp && String(value) === this.defaultValue) return
        if (ownedByApp) delete this.value
        valueOfTextArea.set.call(this, value)
      },
    })
  }

  // Hydration also writes a text area's default text (initTextarea sets defaultValue to the server's
  // own text). In Chromium that write puts the caret of a text area not typed into yet at its start
  // and unselects what was selected, though the text stays the same: a visitor who had selected the
  // server's headers to type over them (Ctrl+A; Playwright's fill selects, then inserts) typed in
  // front of them instead, and sent a text that was no JSON, so without their header.
  // The write can also come between selecting and focusing: fill selects the text, then focuses the
  // text area, and the focus leaving the URL field fires that field's change, on which React
  // hydrates the form there and then. So every text area of such a form, from when the page has
  // been read (the app starts only after that), skips a write of the default text it already has
  // until the app has taken its form over (React writes it only when it differs from then on).
  const defaultOfTextArea = Object.getOwnPropertyDescriptor(
    HTMLTextAreaElement.prototype,
    'defaultValue',
  )
  const keepDefaultText = (field) => {
    const form = field.closest('form[data-early-submit]')
    if (Object.hasOwn(field, 'defaultValue') || takenOver(form)) return
    Object.defineProperty(field, 'defaultValue', {
      configurable: true,
      get() {
        return defaultOfTextArea.get.call(this)
      },
      set(text) {
        if (takenOver(form)) delete this.defaultValue
        else if (String(text) === defaultOfTextArea.get.call(this)) return
        defaultOfTextArea.set.call(this, text)
      },
    })
  }
  document.addEventListener('DOMContentLoaded', () => {
    for (const field of document.querySelectorAll('form[data-early-submit] textarea')) {
      keepDefaultText(field)
    }
  })

  document.addEventListener(
    'input',
    (event) => {
      const field = event.target
      const form = field instanceof Element && field.closest('form[data-early-submit]')
      if (!form || !field.name) return
      const typed = (root.earlyTyped ??= {})
      // A button that needs a field (data-early-needs="url": Send needs an address) is enabled
      // once that field holds something, as the app would, until the app runs the form.
      if (typed[form.id] !== null) {
        for (const button of form.querySelectorAll('[data-early-needs]')) {
          const needed = form.elements.namedItem(button.getAttribute('data-early-needs'))
          const empty = !needed || !('value' in needed) || needed.value.trim() === ''
          button.disabled = empty
          button.classList.toggle('Mui-disabled', empty)
        }
      }
      // Null once the app took the form over (src/lib/earlyInput.ts): it hears its fields itself.
      if (typed[form.id] === null) return
      typed[form.id] ??= {}
      typed[form.id][field.name] = field.type === 'checkbox' ? field.checked : field.value
      keepAsTyped(field, form, typed)
    },
    true,
  )

  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-early-submit')) return
      event.preventDefault()
      root.setAttribute('data-early-submit', form.id)
      // Which press it was: React may hydrate the form to deliver this very submit to it after
      // the app's mount has already carried it out (src/lib/earlyInput.ts).
      root.earlySubmitEvent = event
    },
    true,
  )

  // A press that leaves for another document: the browser fetches the next page while this one
  // stays as it was. Marked at once, so the next frame shows it even when a long task comes
  // first; the app cancels a press it handles itself in its own listener, after this one, so the
  // mark goes again a task later for such a press (no frame comes between, unless one was due).
  const LEAVING = 'data-leaving'
  let leavingTimer
  /** The link under a press that would load another document in this tab, else null. */
  const leavingLink = (event) => {
    const link = event.target instanceof Element && event.target.closest('a[href]')
    if (!link || link.closest('[data-early-click]')) return null
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null
    const next = new URL(link.href, location.href)
    if (!/^https?:$/.test(next.protocol)) return null
    // Only its fragment differs: the page scrolls, nothing is fetched.
    if (next.hash && next.href.split('#')[0] === location.href.split('#')[0]) return null
    return link
  }
  // React, hearing a press or a key on markup it has not hydrated yet, first hydrates all that
  // lies around it, the whole page while the page itself has not run, in one task before the
  // press can even show: long on a slow phone. Two kinds of press need none of that, and
  // are the browser's alone until React owns their markup:
  // - a link that leaves, before the page runs: the browser follows it to the next page, which
  //   the server draws (once the page runs, the app follows it itself);
  // - typing and choosing in a field: the browser types and chooses, and each part takes up what
  //   its fields hold when it runs (as it must for what was typed before the app started).
  // React marks each element it owns with its fiber (an own key starting "__reactFiber$",
  // earlyInputReact.test.tsx checks it against React itself).
  const ownedByReact = (element) =>
    Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
  const browsersAlone = (event) => {
    const target = event.target
    if (!(target instanceof Element) || ownedByReact(target)) return false
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true
    return !root.hasAttribute('data-app-ready') && leavingLink(event) !== null
  }
  // The presses and keys React hydrates for (its discrete events that are replayed).
  for (const type of [
    ...['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'click'],
    ...['auxclick', 'dblclick', 'contextmenu', 'keydown', 'keypress', 'keyup', 'input'],
    ...['textInput', 'compositionstart', 'compositionend', 'change', 'copy', 'cut', 'paste'],
  ]) {
    document.addEventListener(
      type,
      (event) => browsersAlone(event) && event.stopPropagation(),
      true,
    )
  }
  document.addEventListener(
    'click',
    (event) => {
      if (event.button !== 0 || !leavingLink(event)) return
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return
      const leaving = root.hasAttribute(LEAVING)
      root.setAttribute(LEAVING, '')
      setTimeout(() => {
        if (event.defaultPrevented) {
          if (!leaving) root.removeAttribute(LEAVING)
          return
        }
        // A download, or a page that never answers: the bar goes, the browser's own stays.
        clearTimeout(leavingTimer)
        leavingTimer = setTimeout(() => root.removeAttribute(LEAVING), 15000)
      })
    },
    true,
  )
  // Back to this page from the browser's cache: it is not leaving any more.
  addEventListener('pageshow', () => root.removeAttribute(LEAVING))
}
