import type { SubmissionResult } from '@conform-to/react'
import { useActionData, useFetcher } from '@remix-run/react'
import type { OrderDraft } from '~/forms/checkout'

/**
 * A section's answer when its input was refused (app/routes/checkout.tsx): which form, and conform's
 * reply for it; and, when the order form carried it (no JavaScript), what was typed there.
 */
export interface SectionReply {
  intent: string
  reply?: SubmissionResult<string[]>
  draft?: OrderDraft
}

/**
 * One section of the checkout: its own POST form. Without JavaScript it is a plain form whose
 * refusal re-renders the page (action data); with it, a fetcher posts the same form and the
 * page's loaders run again, so totals and choices update in place.
 */
export function useSectionForm(intent: string) {
  const fetcher = useFetcher<SectionReply>({ key: `checkout-${intent}` })
  const actionData = useActionData<SectionReply>()
  const fromFetcher = fetcher.data?.intent === intent ? fetcher.data.reply : undefined
  const fromAction = actionData?.intent === intent ? actionData.reply : undefined
  return { fetcher, lastResult: fromFetcher ?? fromAction, busy: fetcher.state !== 'idle' }
}
