import http from 'node:http'
import { CookieJar, request, type Answer } from './http'
import type { Random } from './fuzz'

export interface BuyableProduct {
  id: string
  productNumber: string
  /** The product page (root-relative SEO path) the form is posted to. */
  path: string
  /** The form as the page renders it: its action and hidden fields. */
  action: string
  fields: Record<string, string>
  quantityField: string
}

interface StoreProduct {
  id: string
  productNumber: string
  parentId?: string | null
  childCount?: number
  minPurchase?: number
  purchaseSteps?: number
  maxPurchase?: number | null
  isCloseout?: boolean
  available?: boolean
  customFields?: Record<string, unknown>
  calculatedPrice?: { unitPrice?: number }
  seoUrls?: { seoPathInfo?: string; languageId?: string; isCanonical?: boolean }[]
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
const decodeEntities = (value: string) =>
  value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')

/** The add-to-cart form of a product page's HTML: action, hidden inputs and the quantity input's name. */
export function parseAddToCartForm(html: string): Pick<BuyableProduct, 'action' | 'fields' | 'quantityField'> | undefined {
  const formTag = /<form[^>]*class="add-to-cart"[^>]*>/.exec(html)?.[0]
  if (!formTag) return undefined
  const formId = attribute(formTag, 'id')
  const action = attribute(formTag, 'action')
  if (!action || attribute(formTag, 'method')?.toLowerCase() !== 'post') return undefined
  const fields: Record<string, string> = {}
  let quantityField: string | undefined
  // Inputs inside the form or bound to it with form="…".
  const start = html.indexOf(formTag)
  const end = html.indexOf('</form>', start)
  for (const input of html.matchAll(/<input[^>]*>/g)) {
    const tag = input[0]
    const inside = input.index > start && input.index < end
    if (!inside && (!formId || attribute(tag, 'form') !== formId)) continue
    const name = attribute(tag, 'name')
    if (!name) continue
    const type = attribute(tag, 'type') ?? 'text'
    if (type === 'hidden') fields[name] = decodeEntities(attribute(tag, 'value') ?? '')
    else if (type === 'number' || name === 'quantity') quantityField = name
  }
  // Submit buttons with a name/value take part in the submission too.
  for (const button of html.slice(start, end).matchAll(/<button[^>]*>/g)) {
    const name = attribute(button[0], 'name')
    const value = attribute(button[0], 'value')
    if (name && value !== undefined && attribute(button[0], 'type') !== 'button') fields[name] ??= decodeEntities(value)
  }
  if (!quantityField) return undefined
  return { action: decodeEntities(action), fields, quantityField }
}

/**
 * Simple products a shopper can add 1–6 of, with their product page and its real form: in stock,
 * no variants, no purchase steps or minimum, no price on request, not a closeout.
 */
export async function findBuyableProducts(origin: string, accessKey: string, languageId: string, wanted: number): Promise<BuyableProduct[]> {
  const answer = await request(`${origin}/store-api/product`, {
    method: 'POST',
    headers: { 'sw-access-key': accessKey, 'sw-include-seo-urls': 'true', 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ limit: 100, filter: [{ type: 'equals', field: 'available', value: true }] }),
    timeoutMs: 15_000,
    maxBodyBytes: 20_000_000,
  })
  if (answer.status !== 200) throw new Error(`POST /store-api/product answered ${answer.status ?? answer.error}`)
  const products = (JSON.parse(answer.body.toString('utf8')) as { elements: StoreProduct[] }).elements
  const candidates = products.filter(
    (p) =>
      !p.parentId &&
      !p.childCount &&
      (p.minPurchase ?? 1) === 1 &&
      (p.purchaseSteps ?? 1) === 1 &&
      (p.maxPurchase ?? 100) >= 10 &&
      !p.isCloseout &&
      p.available !== false &&
      !p.customFields?.forst_price_on_request &&
      (p.calculatedPrice?.unitPrice ?? 0) > 0,
  )
  const found: BuyableProduct[] = []
  for (const product of candidates) {
    if (found.length >= wanted) break
    const seo = product.seoUrls?.find((s) => s.languageId === languageId && s.isCanonical) ?? product.seoUrls?.[0]
    const path = seo?.seoPathInfo ? `/${seo.seoPathInfo}` : `/detail/${product.id}`
    const page = await request(`${origin}${path}`, { timeoutMs: 15_000, maxBodyBytes: 5_000_000 })
    if (page.status !== 200) continue
    const form = parseAddToCartForm(page.body.toString('utf8'))
    if (!form || form.fields.productId !== product.id) continue
    found.push({ id: product.id, productNumber: product.productNumber, path, ...form })
  }
  return found
}

interface Shopper {
  jar: CookieJar
  agent: http.Agent
  /** product id → quantity the shopper added in total */
  expected: Map<string, number>
  steps: Submission[][]
  token?: string
}

export interface CartResult {
  shoppers: number
  posts: number
  /** Form posts sent together with another of the same shopper (double submits). */
  doubleSubmits: number
  linesExpected: number
  lost: number
  duplicated: number
  /** Answers other than the expected 303 (to the form) and 200 (to the page after it). */
  badAnswers: string[]
  /** Per-shopper differences between what was added and what the store holds. */
  mismatches: string[]
  /** Flash messages other than "added" (the shop said it could not add as asked). */
  notices: Record<string, number>
}

interface Submission {
  product: BuyableProduct
  quantity: number
}

/**
 * A shopper's adds as steps: 1–3 different products, each added once or twice, in random order.
 * Some second adds go out together with the one before (a double submit: the browser sends both);
 * never in the first step, which has to bring the session cookie the others need.
 */
function plan(rnd: Random, products: BuyableProduct[]): Submission[][] {
  const chosen = [...products].sort(() => rnd.next() - 0.5).slice(0, rnd.int(1, 3))
  const adds = chosen
    .flatMap((product) => Array.from({ length: rnd.int(1, 2) }, () => ({ product, quantity: rnd.int(1, 3) })))
    .sort(() => rnd.next() - 0.5)
  const steps: Submission[][] = []
  for (const add of adds) {
    const last = steps.at(-1)
    if (steps.length > 1 && last && last.length === 1 && last[0]!.product === add.product && rnd.chance(0.7)) last.push(add)
    else if (steps.length > 1 && last && last.length === 1 && rnd.chance(0.25)) last.push(add)
    else steps.push([add])
  }
  return steps
}

function flashKeys(value: string | undefined): string[] {
  if (!value) return []
  try {
    const payload = value.slice(0, value.lastIndexOf('.'))
    const messages = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { messageKey?: string }[]
    return messages.map((m) => m.messageKey ?? '?')
  } catch {
    return ['unreadable flash']
  }
}

/**
 * Shoppers without JavaScript: each POSTs the product page's add-to-cart form as a browser does
 * (urlencoded, same-origin Origin, its own cookies), follows the 303 back to the page, and goes on
 * with its next product. All shoppers at once; each one's steps in order.
 */
export async function shopConcurrently(
  origin: string,
  accessKey: string,
  products: BuyableProduct[],
  options: { rnd: Random; shoppers: number; timeoutMs: number; followRedirect: boolean },
): Promise<CartResult> {
  const shoppers: Shopper[] = Array.from({ length: options.shoppers }, () => ({
    jar: new CookieJar(),
    agent: new http.Agent({ keepAlive: true, maxSockets: 2 }),
    expected: new Map(),
    steps: plan(options.rnd, products),
  }))
  const result: CartResult = { shoppers: shoppers.length, posts: 0, doubleSubmits: 0, linesExpected: 0, lost: 0, duplicated: 0, badAnswers: [], mismatches: [], notices: {} }
  const describe = (a: Answer) => (a.status !== undefined ? String(a.status) : a.error ?? 'no answer')

  async function submit(shopper: Shopper, index: number, { product, quantity }: Submission): Promise<void> {
    const form = new URLSearchParams({ ...product.fields, [product.quantityField]: String(quantity) })
    const cookie = shopper.jar.header()
    const answer = await request(`${origin}${product.action}`, {
      method: 'POST',
      agent: shopper.agent,
      headers: {
        origin,
        referer: `${origin}${product.path}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        ...(cookie ? { cookie } : {}),
      },
      body: form.toString(),
      timeoutMs: options.timeoutMs,
      maxBodyBytes: 64 * 1024,
    })
    result.posts += 1
    shopper.jar.store(answer.headers)
    if (answer.status !== 303) {
      result.badAnswers.push(`shopper ${index}: POST ${product.action} ${form} → ${describe(answer)}`)
      return
    }
    shopper.expected.set(product.id, (shopper.expected.get(product.id) ?? 0) + quantity)
    for (const key of flashKeys(shopper.jar.get('flash'))) {
      if (key !== 'product:cart.added') result.notices[key] = (result.notices[key] ?? 0) + 1
    }
    // The page after the redirect shows the notification and clears it; without that GET, so does the jar.
    if (!options.followRedirect) shopper.jar.delete('flash')
    else {
      const location = answer.headers.location ?? product.path
      const followCookie = shopper.jar.header()
      const page = await request(new URL(location, origin).href, {
        agent: shopper.agent,
        headers: { accept: 'text/html', ...(followCookie ? { cookie: followCookie } : {}) },
        timeoutMs: options.timeoutMs,
        maxBodyBytes: 1_024,
      })
      shopper.jar.store(page.headers)
      if (page.status !== 200) result.badAnswers.push(`shopper ${index}: GET ${location} after the 303 → ${describe(page)}`)
    }
  }

  await Promise.all(
    shoppers.map(async (shopper, index) => {
      for (const step of shopper.steps) {
        // Without a session cookie yet (the first add failed) each post would open a session of its
        // own and the browser keeps only one of them: then the double submit is sent one by one.
        if (step.length > 1 && shopper.jar.get('sw-context-token')) {
          result.doubleSubmits += step.length - 1
          await Promise.all(step.map((submission) => submit(shopper, index, submission)))
        } else {
          for (const submission of step) await submit(shopper, index, submission)
        }
      }
      shopper.token = shopper.jar.get('sw-context-token')
      shopper.agent.destroy()
    }),
  )

  // What the store holds, read directly from the Store API with each shopper's token.
  let next = 0
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < shoppers.length) {
        const index = next++
        const shopper = shoppers[index]!
        result.linesExpected += shopper.expected.size
        if (shopper.expected.size === 0) continue
        if (!shopper.token) {
          result.lost += shopper.expected.size
          result.mismatches.push(`shopper ${index}: no sw-context-token cookie after ${shopper.steps.flat().length} adds`)
          continue
        }
        const answer = await request(`${origin}/store-api/checkout/cart`, {
          headers: { 'sw-access-key': accessKey, 'sw-context-token': shopper.token, accept: 'application/json' },
          timeoutMs: options.timeoutMs,
          maxBodyBytes: 5_000_000,
        })
        if (answer.status !== 200) {
          result.lost += shopper.expected.size
          result.mismatches.push(`shopper ${index}: GET /store-api/checkout/cart → ${describe(answer)}`)
          continue
        }
        const cart = JSON.parse(answer.body.toString('utf8')) as { lineItems?: { referencedId?: string; id?: string; type?: string; quantity?: number }[] }
        const lines = (cart.lineItems ?? []).filter((l) => l.type === 'product')
        for (const [productId, quantity] of shopper.expected) {
          const matching = lines.filter((l) => (l.referencedId ?? l.id) === productId)
          const held = matching.reduce((sum, l) => sum + (l.quantity ?? 0), 0)
          if (matching.length === 0 || held < quantity) {
            result.lost += 1
            result.mismatches.push(`shopper ${index}: ${productId} added ${quantity}, cart holds ${held} in ${matching.length} line(s)`)
          } else if (matching.length > 1 || held > quantity) {
            result.duplicated += 1
            result.mismatches.push(`shopper ${index}: ${productId} added ${quantity}, cart holds ${held} in ${matching.length} line(s)`)
          }
        }
        for (const line of lines) {
          const productId = line.referencedId ?? line.id ?? '?'
          if (!shopper.expected.has(productId)) {
            result.duplicated += 1
            result.mismatches.push(`shopper ${index}: cart holds ${productId} × ${line.quantity} it never added`)
          }
        }
      }
    }),
  )
  return result
}
