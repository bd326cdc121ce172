import { describe, expect, it } from 'vitest'
import de from '../../locales/de/cart.json'
import en from '../../locales/en/cart.json'
import fr from '../../locales/fr/cart.json'
import { cartMessageKeys, cartNotices } from './cart-messages'

// Shopware's level per messageKey (store-api-notes §6) and the type the shopper sees.
const levels: Record<(typeof cartMessageKeys)[number], 0 | 10 | 20> = {
  'product-not-found': 20,
  'product-out-of-stock': 20,
  'product-stock-reached': 10,
  'min-order-quantity': 10,
  'purchase-steps-quantity': 10,
  'shipping-method-blocked': 10,
  'payment-method-blocked': 10,
  'shipping-method-changed': 0,
  'payment-method-changed': 0,
  'promotion-not-found': 20,
  'promotion-not-eligible': 0,
  'promotion-excluded': 0,
  'auto-promotion-not-found': 20,
  'promotion-discount-added': 0,
  'promotion-discount-deleted': 0,
  'promotions-on-cart-price-zero-error': 0,
  'billing-address-invalid': 20,
  'shipping-address-invalid': 20,
  'billing-address-blocked': 20,
  'shipping-address-blocked': 20,
  'salutation-missing': 10,
  'salutation-missing-billing-address': 10,
  'salutation-missing-shipping-address': 10,
  'country-region-missing': 10,
}

describe('cartNotices', () => {
  it('reads both serializations of cart.errors: [] and the id-keyed object', () => {
    expect(cartNotices([])).toEqual([])
    expect(cartNotices(undefined)).toEqual([])
    expect(cartNotices(null)).toEqual([])
    expect(
      cartNotices({
        'min-order-quantityabc': { key: 'min-order-quantityabc', messageKey: 'min-order-quantity', level: 10, message: '', code: 0, parameters: { name: 'Spray', quantity: 6 } },
      }),
    ).toEqual([{ type: 'warning', messageKey: 'cart:messages.min-order-quantity', values: { name: 'Spray', quantity: 6 } }])
  })

  it.each(cartMessageKeys.map((key) => [key, levels[key]] as const))('%s (level %i) has its own text in de, en and fr', (key, level) => {
    const [notice] = cartNotices([{ messageKey: key, level, parameters: { name: 'Forstseilwinde', quantity: 6 } }])
    expect(notice!.messageKey).toBe(`cart:messages.${key}`)
    expect(notice!.type).toBe(level === 20 ? 'danger' : level === 10 ? 'warning' : key === 'promotion-discount-added' ? 'success' : 'info')
    for (const locale of [de, en, fr]) {
      const text = (locale.messages as Record<string, string>)[key]
      expect(text, key).toBeTruthy()
      expect(text).not.toBe((locale.messages as Record<string, string>).generic)
    }
  })

  it('takes values Shopware puts at top level, and names the promotion code `code`', () => {
    expect(cartNotices({ 'promotion-not-found': { messageKey: 'promotion-not-found', level: 20, promotionCode: 'NOPE', parameters: {} } })).toEqual([
      { type: 'danger', messageKey: 'cart:messages.promotion-not-found', values: { code: 'NOPE' } },
    ])
    // Non-scalar parameters never reach a text.
    expect(cartNotices([{ messageKey: 'product-stock-reached', level: 10, parameters: { name: { evil: 1 }, quantity: 4 } }])).toEqual([
      { type: 'warning', messageKey: 'cart:messages.product-stock-reached', values: { quantity: 4 } },
    ])
  })

  it('shows an unknown messageKey with the generic text, an unknown level as an error, and skips junk', () => {
    expect(cartNotices({ x: { messageKey: 'plugin-special', level: 0 }, y: 'junk', z: null, w: { level: 15 } })).toEqual([
      { type: 'info', messageKey: 'cart:messages.generic' },
      { type: 'danger', messageKey: 'cart:messages.generic' },
    ])
  })

  it('uses only the placeholders a message gets', () => {
    // A text must not ask for a value the store does not send with that messageKey.
    const allowed = new Set(['name', 'quantity', 'code', 'id'])
    for (const key of cartMessageKeys) {
      for (const locale of [de, en, fr]) {
        const text = (locale.messages as Record<string, string>)[key]!
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) expect(allowed.has(name!), `${key}: ${name}`).toBe(true)
      }
    }
    expect(en.messages['promotion-not-found']).toContain('{{code}}')
  })
})
