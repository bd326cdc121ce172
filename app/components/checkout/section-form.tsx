import type { SubmissionResult } from '@conform-to/react'
import { useActionData, useFetcher } from '@remix-run/react'

/** A section's answer when its input was refused (app/routes/checkout.tsx). */
export interface SectionReply {
  intent: string
  reply: SubmissionResult<string[]>
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
