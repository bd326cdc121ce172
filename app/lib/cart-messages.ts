import type { FlashMessage, NotificationType } from './shell-types'

/**
 * Every cart error Shopware's Store API reports (store-api-notes §6), plus the two that only its
 * Storefront bundle emits (a method replaced), so a store that sends them is understood too.
 * Each has a text in locales/{de,en,fr}/cart.json `messages`; anything else reads as `generic`.
 */
export const cartMessageKeys = [
  'product-not-found',
  'product-out-of-stock',
  'product-stock-reached',
  'min-order-quantity',
  'purchase-steps-quantity',
  'shipping-method-blocked',
  'payment-method-blocked',
  'shipping-method-changed',
  'payment-method-changed',
  'promotion-not-found',
  'promotion-not-eligible',
  'promotion-excluded',
  'auto-promotion-not-found',
  'promotion-discount-added',
  'promotion-discount-deleted',
  'promotions-on-cart-price-zero-error',
  'billing-address-invalid',
  'shipping-address-invalid',
  'billing-address-blocked',
  'shipping-address-blocked',
  'salutation-missing',
  // Shopware's real keys for the salutation check (one per address); store-api-notes sums them up as salutation-missing.
  'salutation-missing-billing-address',
  'salutation-missing-shipping-address',
  'country-region-missing',
] as const

export type CartMessageKey = (typeof cartMessageKeys)[number]

const known = new Set<string>(cartMessageKeys)

// Good news among the level-0 notices: shown as success, the rest as plain information.
const successes = new Set<string>(['promotion-discount-added'])

function typeOf(messageKey: string, level: unknown): NotificationType {
  if (level === 20) return 'danger'
  if (level === 10) return 'warning'
  if (level === 0) return successes.has(messageKey) ? 'success' : 'info'
  // Unknown level: treat as an error rather than hide a problem.
  return 'danger'
}

function scalar(value: unknown): string | number | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return value
  return undefined
}

// The values a text may use; Shopware puts some at top level (protected PHP properties).
const valueNames = ['name', 'quantity', 'code', 'promotionCode', 'id', 'number'] as const
const topLevel = new Set<string>(['name', 'quantity', 'promotionCode'])

function values(error: Record<string, unknown>): Record<string, string | number> {
  const parameters = error.parameters && typeof error.parameters === 'object' && !Array.isArray(error.parameters)
    ? (error.parameters as Record<string, unknown>)
    : {}
  const out: Record<string, string | number> = {}
  for (const name of valueNames) {
    // Top-level `code` is Shopware's numeric error code (always 0), never a promotion code.
    const value = scalar(parameters[name]) ?? (topLevel.has(name) ? scalar(error[name]) : undefined)
    if (value !== undefined) out[name] = value
  }
  // The texts name the code `code`; Shopware's promotion-not-found carries it as promotionCode.
  if (out.code === undefined && out.promotionCode !== undefined) out.code = out.promotionCode
  delete out.promotionCode
  return out
}

/** `cart.errors` is an id-keyed object, or `[]` when empty (store-api-notes §6): both become a list of objects. */
export function cartErrorList(errors: unknown): Record<string, unknown>[] {
  const list: unknown[] = Array.isArray(errors) ? errors : errors && typeof errors === 'object' ? Object.values(errors) : []
  return list.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
}

/**
 * The cart's errors of one calculation as messages to show once (`cart.errors` is an id-keyed
 * object, or `[]` when empty). messageKey is `cart:messages.<messageKey>` for a known key, else
 * `cart:messages.generic`; the type follows Shopware's level (0 info/success, 10 warning, 20 danger).
 */
export function cartNotices(errors: unknown): FlashMessage[] {
  return cartErrorList(errors).flatMap((error): FlashMessage[] => {
    const key = typeof error.messageKey === 'string' ? error.messageKey : ''
    const message: FlashMessage = {
      type: typeOf(key, error.level),
      messageKey: `cart:messages.${known.has(key) ? key : 'generic'}`,
    }
    const given = values(error)
    if (Object.keys(given).length) message.values = given
    return [message]
  })
}
