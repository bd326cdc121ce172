import { sid } from '../ids'
import { tr, type Inserter, type Tri } from './util'

interface PromotionSpec {
  key: string
  code: string | null
  priority: number
  name: Tri
  discount: { scope: 'cart' | 'delivery'; type: 'percentage' | 'absolute'; value: number }
  minPositionNet?: number
  excludes?: string[]
}

/**
 * The seed's promotions (contracts of issue 8): FORST10 10 % on the cart, SAEGE5 5 € off, GROSS50 50 € off
 * from 1,000 € net positions and not together with FORST10, and an automatic free shipping from 500 € net.
 * Standard shipping is free from 250 € already (its price rule, seed/system.ts), so the automatic promotion
 * only ever shows on carts shipped by Express or freight; its name says so, as do the shipping methods'
 * descriptions and the shipping page (seed/content.ts).
 */
export const PROMOTIONS: readonly PromotionSpec[] = [
  { key: 'forst10', code: 'FORST10', priority: 1, name: ['10 % Forst-Rabatt', '10% forestry discount', 'Remise forestière de 10 %'], discount: { scope: 'cart', type: 'percentage', value: 10 }, excludes: ['gross50'] },
  { key: 'saege5', code: 'SAEGE5', priority: 1, name: ['5 € Sägen-Gutschein', '€5 saw voucher', 'Bon scie de 5 €'], discount: { scope: 'cart', type: 'absolute', value: 5 } },
  {
    key: 'gross50', code: 'GROSS50', priority: 2, minPositionNet: 1000, excludes: ['forst10'],
    name: ['50 € Großbestellungsrabatt', '€50 large order discount', 'Remise grande commande de 50 €'], discount: { scope: 'cart', type: 'absolute', value: 50 },
  },
  {
    key: 'free-shipping', code: null, priority: 0, minPositionNet: 500,
    name: ['Express und Spedition versandkostenfrei ab 500 €', 'Free express and freight shipping from €500', 'Express et transporteur offerts dès 500 €'], discount: { scope: 'delivery', type: 'percentage', value: 100 },
  },
]

export const promotionId = (key: string): string => sid(`promotion:${key}`)
export const promotionDiscountId = (key: string): string => sid(`promotion-discount:${key}`)

export function seedPromotions(ins: Inserter): void {
  for (const p of PROMOTIONS) {
    ins.insert('promotion', {
      id: promotionId(p.key), code: p.code, active: 1, priority: p.priority, min_position_net: p.minPositionNet ?? null,
      exclusion_ids: JSON.stringify((p.excludes ?? []).map(promotionId)), translations: tr({ name: p.name }),
    })
    ins.insert('promotion_discount', {
      id: promotionDiscountId(p.key), promotion_id: promotionId(p.key), scope: p.discount.scope, type: p.discount.type, value: p.discount.value, max_value: null,
    })
  }
}
