import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import {
  addProducts,
  addPromotionCode,
  addToCart,
  cartAction,
  cartCount,
  cartMessages,
  cartView,
  changeQuantity,
  findProductsByNumber,
  loadCart,
  loadCartCount,
  removeLineItem,
} from './cart.server'
import { storeCallRounds, testContext } from './test-support.server'
import { readFlash } from '~/session/flash.server'
import { quickOrderDraft } from '~/session/form-draft.server'

let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore()
})
afterAll(() => demo?.close())

// md5('forst-demo:product:<number>')
const FS_10001 = '7500379cfa8d405f6ddc1d15032ef246'
const FS_10007 = 'b80f54053a6375760450872c358203a5'
const FS_10006 = 'db5679f1dfaf19048ecd70ff57f0285c'
const FS_10003 = '74a2393f454b431efdfa7fdae2596002'

function setup(cookie?: string, init: RequestInit = {}) {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
  })
  const headers = new Headers(init.headers)
  if (cookie) headers.set('Cookie', cookie)
  return { context, lines, request: new Request('https://shop.example/checkout/cart', { ...init, headers }) }
}

function storeCalls(lines: Record<string, unknown>[]): string[] {
  return lines.filter((l) => l.msg === 'store call' && l.operation !== 'readLanguages').map((l) => String(l.operation))
}

/** A session with the given products in the cart; returns its cookie. */
async function sessionWith(items: { productId: string; quantity: number }[]): Promise<string> {
  const { context, request } = setup()
  const result = await addProducts(context, request, 'de', items)
  return result.headers[0]!.split(';')[0]!
}

describe('cart count', () => {
  it('sums the quantities of product lines that are goods', () => {
    expect(
      cartCount({
        lineItems: [
          { id: 'a', type: 'product', quantity: 3, good: true },
          { id: 'b', type: 'product', quantity: 2, good: true },
          { id: 'c', type: 'promotion', quantity: 1, good: false },
        ] as never,
      }),
    ).toBe(5)
    expect(cartCount(undefined)).toBe(0)
  })

  it('reads no cart without a session', async () => {
    const { context, request } = setup()
    expect(await loadCartCount(context, request, 'de')).toBe(0)
  })
})

describe('cart errors', () => {
  it('accepts the id-keyed object and the empty array', () => {
    expect(cartMessages([])).toEqual([])
    expect(
      cartMessages({
        'min-order-quantityX': { messageKey: 'min-order-quantity', level: 10, parameters: { quantity: 2 } },
        'weirdX': { messageKey: 'something-else', level: 20 },
        'payment-method-blocked-Rechnung': { messageKey: 'payment-method-blocked', level: 10, parameters: { name: 'Rechnung' } },
      }),
    ).toEqual([
      { key: 'min-order-quantity', level: 10, quantity: 2 },
      { key: 'generic', level: 20 },
    ])
  })
})

describe('addToCart', () => {
  it('starts a session, adds the product and counts it for the header', async () => {
    const { context, request } = setup()
    const result = await addToCart(context, request, 'de', FS_10001, 2)
    expect(result).toMatchObject({ added: true, messages: [], count: 2 })
    expect(result.headers[0]).toMatch(/^sw-context-token=[A-Za-z0-9]+;/)

    const token = result.headers[0]!.split(';')[0]!
    const next = setup(token)
    expect(await loadCartCount(next.context, next.request, 'de')).toBe(2)
    const again = await addToCart(next.context, next.request, 'de', FS_10001, 1)
    expect(again.count).toBe(3)
    // The session's token did not change: no cookie to set again.
    expect(again.headers).toEqual([])
  })

  it('says what changed for the whole cart apart from the product, which was added', async () => {
    const { context, request } = setup()
    // Two winches exceed the invoice payment's 5,000 € net: the store blocks it for this cart.
    const result = await addToCart(context, request, 'de', FS_10003, 2)
    expect(result).toMatchObject({ added: true, messages: [] })
    expect(result.notices).toEqual([
      { type: 'warning', messageKey: 'cart:messages.payment-method-blocked', values: { name: expect.any(String) } },
    ])
  })

  it('reports the store refusing a product without stock or price', async () => {
    const { context, request } = setup()
    const outOfStock = await addToCart(context, request, 'de', FS_10007, 1)
    expect(outOfStock.added).toBe(false)
    expect(outOfStock.messages.map((m) => m.key)).toEqual(['product-out-of-stock'])
    const onRequest = await addToCart(context, request, 'de', FS_10006, 1)
    expect(onRequest.messages.map((m) => m.key)).toEqual(['product-not-found'])
  })
})

// FS-60001.1: marking spray, min 6, steps 6, max 480.
const SPRAY_NUMBER = 'FS-60001.1'

describe('the cart page cart', () => {
  it('reads no cart and calls no store without a session', async () => {
    const { context, request, lines } = setup()
    const view = await loadCart(context, request, 'de')
    expect(view).toMatchObject({ lines: [], promotions: [], count: 0, isEmpty: true, blocking: false, isVirtual: false })
    expect(storeCalls(lines)).toEqual([])
  })

  it('shares ONE GET /checkout/cart between the header count and the page in a request', async () => {
    const cookie = await sessionWith([{ productId: FS_10001, quantity: 2 }])
    const { context, request, lines } = setup(cookie)
    const [count, view] = await Promise.all([loadCartCount(context, request, 'de'), loadCart(context, request, 'de')])
    expect(count).toBe(2)
    expect(view.count).toBe(2)
    expect(storeCalls(lines)).toEqual(['readCart'])
    expect(storeCallRounds(lines)).toEqual([['readCart']])
  })

  it('shows every line with number, link, rules and net prices, and the totals with VAT', async () => {
    const [spray] = await findProductsByNumber(setup().context, setup().request, 'de', [SPRAY_NUMBER])
    const cookie = await sessionWith([
      { productId: FS_10001, quantity: 1 },
      { productId: spray!.id, quantity: 12 },
    ])
    const { context, request } = setup(cookie)
    const view = await loadCart(context, request, 'en')
    expect(view.lines).toHaveLength(2)
    const winch = view.lines.find((l) => l.productNumber === 'FS-10001')!
    expect(winch).toMatchObject({ productId: FS_10001, href: `/en/detail/${FS_10001}`, quantity: 1, minPurchase: 1, purchaseSteps: 1, isDownload: false, removable: true })
    expect(winch.unitPrice).toBeGreaterThan(0)
    expect(winch.image?.url).toMatch(/\/media\/product\/fs-10001\.jpg$/)
    const sprayLine = view.lines.find((l) => l.productNumber === SPRAY_NUMBER)!
    expect(sprayLine).toMatchObject({ quantity: 12, minPurchase: 6, purchaseSteps: 6, maxPurchase: 480 })
    expect(sprayLine.totalPrice).toBeCloseTo(sprayLine.unitPrice * 12, 2)
    const { totals } = view
    expect(totals.positionPrice).toBeCloseTo(winch.totalPrice + sprayLine.totalPrice, 2)
    expect(totals.netPrice).toBeCloseTo(totals.positionPrice + totals.shippingCosts, 2)
    expect(totals.taxes.map((t) => t.rate)).toEqual([19])
    expect(totals.totalPrice).toBeCloseTo(totals.netPrice + totals.taxes[0]!.tax, 2)
  })

  it('changes a quantity in one call; the store raises it to the minimum and to the steps and says so once', async () => {
    const [spray] = await findProductsByNumber(setup().context, setup().request, 'de', [SPRAY_NUMBER])
    const cookie = await sessionWith([{ productId: spray!.id, quantity: 6 }])
    const first = setup(cookie)
    const lineId = (await loadCart(first.context, first.request, 'de')).lines[0]!.id

    const low = setup(cookie)
    const raised = await changeQuantity(low.context, low.request, 'de', lineId, 3)
    expect(storeCalls(low.lines)).toEqual(['updateLineItem'])
    expect(raised.cart.lines[0]!.quantity).toBe(6)
    expect(raised.cart.notices).toEqual([
      { type: 'warning', messageKey: 'cart:messages.min-order-quantity', values: expect.objectContaining({ quantity: 6 }) },
    ])

    const off = setup(cookie)
    const stepped = await changeQuantity(off.context, off.request, 'de', lineId, 8)
    expect(stepped.cart.lines[0]!.quantity % 6).toBe(0)
    expect(stepped.cart.notices.map((n) => n.messageKey)).toEqual(['cart:messages.purchase-steps-quantity'])

    // Shown once: the next read has no message left.
    const again = setup(cookie)
    expect((await loadCart(again.context, again.request, 'de')).notices).toEqual([])
  })

  it('removes a line in one call', async () => {
    const cookie = await sessionWith([{ productId: FS_10001, quantity: 1 }])
    const { context, request, lines } = setup(cookie)
    const view = await loadCart(context, request, 'de')
    const after = await removeLineItem(context, request, 'de', view.lines[0]!.id)
    expect(after!.cart.isEmpty).toBe(true)
    expect(storeCalls(lines)).toEqual(['readCart', 'removeLineItem'])
    // Removed again (another tab): the store says the line is gone, which is no error.
    expect(await removeLineItem(context, request, 'de', view.lines[0]!.id)).toBeUndefined()
  })

  it('redeems a promotion code, reports an unknown one', async () => {
    const cookie = await sessionWith([{ productId: FS_10001, quantity: 1 }])
    const { context, request } = setup(cookie)
    const unknown = await addPromotionCode(context, request, 'de', 'GIBTSNICHT')
    expect(unknown.cart.notices).toContainEqual({ type: 'danger', messageKey: 'cart:messages.promotion-not-found', values: { code: 'GIBTSNICHT' } })
    expect(unknown.cart.promotions).toEqual([])
    const valid = await addPromotionCode(context, request, 'de', 'FORST10')
    expect(valid.cart.promotions).toHaveLength(1)
    expect(valid.cart.promotions[0]!.code).toBe('FORST10')
    expect(valid.cart.promotions[0]!.totalPrice).toBeLessThan(0)
  })

  it('finds products by article number and by original article number', async () => {
    const { context, request } = setup()
    const found = await findProductsByNumber(context, request, 'de', ['fs-10001', 'WK-5001', 'XX-404'])
    expect(found.map((p) => p.productNumber)).toContain('FS-10001')
    expect(found.some((p) => p.originalNumber === 'WK-5001')).toBe(true)
    expect(found.every((p) => p.productNumber !== 'XX-404')).toBe(true)
  })
})

describe('cart page action', () => {
  function post(fields: Record<string, string>, cookie?: string) {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, value)
    return { ...setup(cookie, { method: 'POST' }), body }
  }

  it('quick order: finds the products in one call, adds them in ONE call, keeps the lines it could not add for the form', async () => {
    const { context, request, lines, body } = post({ intent: 'quick-order', lines: 'FS-10001, 2\nWK-5001;1\nXX-404 3\nFS-40001' })
    const outcome = await cartAction(context, request, 'en', body)
    expect(outcome.type).toBe('done')
    if (outcome.type !== 'done') return
    expect(outcome.location).toBe('/en/checkout/cart')
    expect(storeCallRounds(lines)).toEqual([['readProduct'], ['addLineItem']])
    const cookies = outcome.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('sw-context-token='))).toBe(true)
    const back = new Request('https://shop.example/en/checkout/cart', { headers: { Cookie: cookies.map((c) => c.split(';')[0]).join('; ') } })
    expect(quickOrderDraft.read(back, context, 'en').draft).toEqual({
      lines: 'XX-404 3\nFS-40001 1',
      problems: ['cart:errors.someNotFound|{"numbers":"XX-404"}', 'cart:errors.withVariants|{"numbers":"FS-40001"}'],
    })
    // The store's own notices about the cart (here: invoice not offered for this amount) come along.
    const ours = readFlash(back, context).messages.filter((m) => m.messageKey.startsWith('cart:messages.quickOrder') || m.messageKey.includes('NotFound'))
    expect(ours).toEqual([
      { type: 'success', messageKey: 'cart:messages.quickOrderAdded', values: { count: 2 } },
      { type: 'warning', messageKey: 'cart:messages.quickOrderLeftOver', values: { count: 2 } },
    ])

    const token = cookies.find((c) => c.startsWith('sw-context-token='))!.split(';')[0]!
    const next = setup(token)
    const view = await loadCart(next.context, next.request, 'en')
    expect(view.lines.map((l) => l.productNumber)).toContain('FS-10001')
    expect(view.lines).toHaveLength(2)
  })

  it('quick order: left-over lines too many for a cookie fall back to notices that name the first ten', async () => {
    // Random article numbers do not compress: 99 of them do not fit the draft cookie.
    const unknown = Array.from({ length: 99 }, () => `ZZ-${randomBytes(40).toString('hex')}`)
    const { context, request, body } = post({ intent: 'quick-order', lines: ['FS-10001 1', ...unknown].join('\n') })
    const outcome = await cartAction(context, request, 'de', body)
    if (outcome.type !== 'done') throw new Error(outcome.type)
    const cookies = outcome.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('quick-order-draft='))).toBe(false)
    const flashCookie = cookies.find((c) => c.startsWith('flash='))!
    expect(Buffer.byteLength(flashCookie)).toBeLessThanOrEqual(4000)
    const back = new Request('https://shop.example/checkout/cart', { headers: { Cookie: flashCookie.split(';')[0]! } })
    const notFound = readFlash(back, context).messages.find((m) => m.messageKey === 'cart:messages.productNumbersNotFound')
    expect(String(notFound?.values?.numbers)).toBe(`${unknown.slice(0, 10).join(', ')} …`)
  })

  it('answers invalid input for the form that sent it, without a store call', async () => {
    const { context, request, lines, body } = post({ intent: 'quantity', lineItemId: FS_10001, quantity: '0' })
    const outcome = await cartAction(context, request, 'de', body)
    expect(outcome).toMatchObject({ type: 'invalid', formId: `quantity-${FS_10001}` })
    expect(outcome.type === 'invalid' && outcome.reply.error?.quantity).toEqual(['cart:errors.quantityInteger'])
    expect(storeCalls(lines)).toEqual([])
  })

  it('quick order with only unknown numbers: 400 at the field, nothing added', async () => {
    const { context, request, body } = post({ intent: 'quick-order', lines: 'XX-404' })
    const outcome = await cartAction(context, request, 'de', body)
    expect(outcome.type === 'invalid' && outcome.reply.error?.lines).toEqual(['cart:errors.noneFound|{"numbers":"XX-404"}'])
  })

  it('goes back to a safe redirectTo only', async () => {
    const cookie = await sessionWith([{ productId: FS_10001, quantity: 1 }])
    const read = setup(cookie)
    const lineId = (await loadCart(read.context, read.request, 'de')).lines[0]!.id
    const good = post({ intent: 'quantity', lineItemId: lineId, quantity: '2', redirectTo: '/en/products/' }, cookie)
    expect(await cartAction(good.context, good.request, 'en', good.body)).toMatchObject({ type: 'done', location: '/en/products/' })
    const evil = post({ intent: 'quantity', lineItemId: lineId, quantity: '2', redirectTo: '//evil.example/' }, cookie)
    expect(await cartAction(evil.context, evil.request, 'en', evil.body)).toMatchObject({ type: 'done', location: '/en/checkout/cart' })
  })

  it('a line removed meanwhile is a notice, not an error page', async () => {
    const cookie = await sessionWith([{ productId: FS_10001, quantity: 1 }])
    const { context, request, body } = post({ intent: 'quantity', lineItemId: 'f'.repeat(32), quantity: '2' }, cookie)
    const outcome = await cartAction(context, request, 'de', body)
    expect(outcome.type).toBe('done')
  })
})

describe('cartView', () => {
  it('marks a cart with a blocking error, a virtual cart and promotions', () => {
    const view = cartView(
      {
        lineItems: [
          { id: 'p1', referencedId: 'p1', type: 'product', label: 'Handbuch (PDF)', quantity: 1, good: true, states: ['is-download'], payload: { productNumber: 'FS-95001' }, price: { unitPrice: 29, totalPrice: 29 } },
          { id: 'd1', referencedId: 'FORST10', type: 'promotion', label: '10 %', quantity: 1, good: false, payload: { code: 'FORST10' }, price: { unitPrice: -2.9, totalPrice: -2.9 } },
        ],
        errors: { 'shipping-address-blocked': { messageKey: 'shipping-address-blocked', level: 20, block: true, parameters: {} } },
        deliveries: [],
        transactions: [{ paymentMethodId: 'pm' }],
        price: { positionPrice: 26.1, netPrice: 26.1, totalPrice: 31.06, calculatedTaxes: [{ tax: 4.96, taxRate: 19, price: 26.1 }] },
      } as never,
      'fr',
    )
    expect(view).toMatchObject({ blocking: true, isVirtual: true, isEmpty: false, count: 1, paymentMethodId: 'pm' })
    expect(view.lines[0]).toMatchObject({ href: '/fr/detail/p1', isDownload: true, productNumber: 'FS-95001' })
    expect(view.promotions).toEqual([{ id: 'd1', label: '10 %', code: 'FORST10', totalPrice: -2.9 }])
    expect(view.notices).toEqual([{ type: 'danger', messageKey: 'cart:messages.shipping-address-blocked' }])
    expect(view.shippingMethodId).toBeUndefined()
  })
})
