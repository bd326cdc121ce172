import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createTranslator } from '~/lib/translator'
import { TranslationProvider } from '~/lib/use-translation'
import type { CartTotalsView } from '~/store/cart.server'
import cart from '../../../locales/fr/cart.json'
import { CartTotals } from './cart-totals'

const translator = createTranslator('fr', { cart })
const base: CartTotalsView = { positionPrice: 247, shippingCosts: 6.9, netPrice: 253.9, taxes: [{ rate: 19, tax: 48.24 }], taxFree: false, totalPrice: 302.14 }
const taxFree: CartTotalsView = { ...base, taxes: [], taxFree: true, totalPrice: 253.9 }

function render(totals: CartTotalsView, variant: 'full' | 'subtotal' = 'full'): string {
  return renderToString(
    <TranslationProvider translator={translator}>
      <CartTotals totals={totals} locale="fr" variant={variant} />
    </TranslationProvider>,
  )
}

describe('CartTotals', () => {
  it('says why a tax-free total has no VAT, in the full list and in the side cart', () => {
    expect(render(taxFree)).toContain(cart.totals.taxFreeNote)
    expect(render(taxFree)).toContain(cart.totals.totalTaxFree)
    expect(render(taxFree, 'subtotal')).toContain(cart.totals.subtotalNoteTaxFree)
    expect(render(taxFree, 'subtotal')).not.toContain(cart.totals.subtotalNote)
  })

  it('adds no note to a taxed cart, and the side cart says VAT comes on top', () => {
    expect(render(base)).not.toContain(cart.totals.taxFreeNote)
    expect(render(base)).not.toContain('cart-totals-note')
    expect(render(base, 'subtotal')).toContain(cart.totals.subtotalNote)
  })
})
