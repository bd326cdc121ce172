import { z } from './zod'
import { validation } from './messages'
import { HEX_ID } from '~/lib/hex-id'

/** Shopware's ProductReviewSaveRoute limits (title and content minimums; points 1–5). */
export const REVIEW_TITLE_MIN = 5
export const REVIEW_CONTENT_MIN = 40
export const REVIEW_CONTENT_MAX = 5000
export const REVIEW_POINTS = [5, 4, 3, 2, 1] as const

/** A product review by a logged-in customer (contract: POST /product/{productId}/review). */
export const reviewSchema = z.object({
  /** The customer's pending review being changed. */
  id: z.string().regex(HEX_ID).optional(),
  points: z
    .number({ required_error: 'contact:review.pointsRequired', invalid_type_error: 'contact:review.pointsRequired' })
    .int('contact:review.pointsRequired')
    .min(1, 'contact:review.pointsRequired')
    .max(5, 'contact:review.pointsRequired'),
  title: z
    .string({ required_error: validation.required })
    .trim()
    .min(1, validation.required)
    .min(REVIEW_TITLE_MIN, validation.minLength(REVIEW_TITLE_MIN))
    .max(255, validation.maxLength(255)),
  content: z
    .string({ required_error: validation.required })
    .trim()
    .min(1, validation.required)
    .min(REVIEW_CONTENT_MIN, validation.minLength(REVIEW_CONTENT_MIN))
    .max(REVIEW_CONTENT_MAX, validation.maxLength(REVIEW_CONTENT_MAX)),
})

export type ReviewValues = z.infer<typeof reviewSchema>
