/**
 * Pressing a form's submit button moves the focus out of the field being typed in, and leaving a field
 * validates it (conform, `shouldValidate: 'onBlur'`). The message that validation adds or removes (an
 * error under the field, a refusal's alert above the form) moves the button while it is still pressed,
 * so the release lands beside it and the browser sends no click: the form is not sent. A mouse user had
 * to click twice; one whose browser had filled in the form before it hydrated saw nothing happen at all.
 *
 * While a pointer presses a submit button, leaving a field of the same form is held back and replayed
 * once the press has ended in its click (or in nothing): the submission validates the whole form anyway,
 * and its messages appear after the click has been delivered. Other forms' fields, presses elsewhere and
 * focus moved by keyboard are left alone.
 */
export function steadySubmitButtons(target: Window): void {
  let pressed: HTMLButtonElement | HTMLInputElement | null = null
  let held: { field: Element; relatedTarget: EventTarget | null } | null = null

  const release = () => {
    pressed = null
    if (!held) return
    const { field, relatedTarget } = held
    held = null
    // After the click's own handlers and the submission they start.
    setTimeout(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true, relatedTarget })))
  }

  target.addEventListener(
    'pointerdown',
    (event) => {
      release()
      if (event.button === 0) pressed = submitterAt(event.target)
    },
    true,
  )
  target.addEventListener(
    'focusout',
    (event) => {
      if (!pressed || !event.isTrusted || held) return
      const form = formOf(event.target)
      if (!form || form !== pressed.form) return
      event.stopImmediatePropagation()
      held = { field: event.target as Element, relatedTarget: event.relatedTarget }
    },
    true,
  )
  for (const type of ['click', 'pointercancel', 'keydown', 'dragstart']) target.addEventListener(type, release, true)
}

function submitterAt(node: EventTarget | null): HTMLButtonElement | HTMLInputElement | null {
  const element = node instanceof Element ? node.closest('button, input') : null
  if (!(element instanceof HTMLButtonElement || element instanceof HTMLInputElement) || element.disabled || !element.form) return null
  const submits = element instanceof HTMLButtonElement ? element.type === 'submit' : element.type === 'submit' || element.type === 'image'
  return submits ? element : null
}

function formOf(node: EventTarget | null): HTMLFormElement | null {
  if (node instanceof HTMLInputElement || node instanceof HTMLSelectElement || node instanceof HTMLTextAreaElement) return node.form
  return null
}
