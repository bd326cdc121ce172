import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { PRIVATE_HEADERS } from '~/store/account.server'
import { throttledMessage } from './messages'

/** A store refusal the shopper can act on: wait (rate limit) or fix fields (the store's violations). */
export type FormRefusal = { type: 'throttled'; seconds: number } | { type: 'invalid'; fieldErrors: Record<string, string[]> }

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>
}

/**
 * The answer to a refused form, the same for every form: 429 with Retry-After and 'Too many requests.
 * Please wait {seconds} seconds…', or 400 with the errors at their fields. What was typed stays.
 */
export function refusedReply(submission: Replyable, refusal: FormRefusal, hideFields?: string[]) {
  if (refusal.type === 'throttled') {
    return data(submission.reply({ formErrors: [throttledMessage(refusal.seconds)], hideFields }), {
      status: 429,
      headers: { ...PRIVATE_HEADERS, 'Retry-After': String(refusal.seconds) },
    })
  }
  return data(submission.reply({ fieldErrors: refusal.fieldErrors, hideFields }), { status: 400, headers: PRIVATE_HEADERS })
}
