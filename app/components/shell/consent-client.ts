// Browser side of the consent dialogs: shared fetcher, cookie clearing, focus handling.
import type { FormEvent } from 'react'
import { consentCategories, cookieDomains, withdrawnCookies, type ConsentCategory } from './consent-types'

/** Both dialogs submit through one fetcher, so each sees the other's pending save. */
export const consentFetcherKey = 'consent'

export const preferencesDialogId = 'cookie-preferences'
export const firstVisitDialogId = 'consent-first-visit'

const allCategories = Object.keys(consentCategories) as ConsentCategory[]

/** The categories a submitted consent form accepts (mirrors acceptedCategories on the server). */
export function submittedCategories(form: FormData): ConsentCategory[] {
  const intent = form.get('intent')
  if (intent === 'accept-all') return allCategories
  if (intent === 'necessary-only') return ['necessary']
  const chosen = form.getAll('category')
  return allCategories.filter((c) => c === 'necessary' || chosen.includes(c))
}

/**
 * Runs when a consent form is submitted with JavaScript, before the fetcher sends it: the withdrawn
 * cookies go at once. On the submit event itself, not on the fetcher's 'submitting' state: a fast
 * answer can take the fetcher past that state before React renders it.
 */
export function onConsentSubmit(event: FormEvent<HTMLFormElement>): void {
  const form = new FormData(event.currentTarget)
  const submitter = (event.nativeEvent as SubmitEvent).submitter
  if (submitter instanceof HTMLButtonElement && submitter.name) form.append(submitter.name, submitter.value)
  clearWithdrawnCookies(submittedCategories(form))
}

/**
 * The server expires these cookies too, but a script of the page can set them again between the
 * request and the answer, and a cookie on a parent domain with another path is not sent to us:
 * the browser clears what it can see, host-only and on each domain level (spec section 4).
 */
export function clearWithdrawnCookies(accepted: readonly ConsentCategory[]): void {
  const names = document.cookie
    .split(';')
    .map((part) => part.split('=')[0].trim())
    .filter(Boolean)
  const expired = 'Max-Age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  for (const name of withdrawnCookies(names, accepted)) {
    document.cookie = `${name}=; ${expired}`
    for (const domain of cookieDomains(location.hostname)) document.cookie = `${name}=; ${expired}; domain=${domain}`
  }
}

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Tab from the last control returns to the first and Shift+Tab from the first to the last. */
export function wrapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return
  const focusable = [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter((el) => el.getClientRects().length > 0)
  if (focusable.length === 0) return
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  const active = document.activeElement
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

/** Opens a dialog the server rendered open (non-modal) or closed as a real modal. */
export function showAsModal(dialog: HTMLDialogElement | null): void {
  if (!dialog || typeof dialog.showModal !== 'function') return
  if (dialog.open && dialog.matches(':modal')) return
  if (dialog.open) dialog.close()
  dialog.showModal()
}
