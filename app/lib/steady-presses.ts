/**
 * Pressing a button or a link moves the focus out of the field being typed in, and leaving a field
 * validates it (conform, `shouldValidate: 'onBlur'`). The message that validation adds or removes (an
 * error under the field, a refusal's alert above the form) moves what is being pressed while it is still
 * down, so the release lands beside it and the browser sends no click: the form is not sent, the link
 * not followed. A mouse user had to click twice; one whose browser had filled in the form before it
 * hydrated saw nothing happen at all.
 *
 * While a pointer presses a button or a link, leaving a field is held back and replayed once the press
 * has ended in its click (or in nothing): the field's message appears after the click has been
 * delivered, and a submission validates the whole form anyway. Focus moved by keyboard is left alone
 * (Enter and Tab have no release to miss), and so are presses on anything else.
 */
export function steadyPresses(target: Window): void {
  let pressing = false
  let held: { field: Element; relatedTarget: EventTarget | null } | null = null

  const release = () => {
    pressing = false
    if (!held) return
    const { field, relatedTarget } = held
    held = null
    // After the click's own handlers and whatever they start (a submission, a navigation).
    setTimeout(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true, relatedTarget })))
  }

  target.addEventListener(
    'pointerdown',
    (event) => {
      release()
      pressing = event.button === 0 && activates(event.target)
    },
    true,
  )
  target.addEventListener(
    'focusout',
    (event) => {
      if (!pressing || !event.isTrusted || held || !isField(event.target)) return
      event.stopImmediatePropagation()
      held = { field: event.target as Element, relatedTarget: event.relatedTarget }
    },
    true,
  )
  for (const type of ['click', 'pointercancel', 'keydown', 'dragstart']) target.addEventListener(type, release, true)
}

const ACTIVATES = 'a[href], button, input[type="submit"], input[type="image"], input[type="button"], input[type="reset"]'

/** A link or an enabled button: what a press then a release activates. */
function activates(node: EventTarget | null): boolean {
  const element = node instanceof Element ? node.closest(ACTIVATES) : null
  // `:disabled` also covers a button inside a disabled fieldset.
  return !!element && !element.matches(':disabled')
}

function isField(node: EventTarget | null): boolean {
  return node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement
}
