import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, LANGUAGE_IDS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { elementsOf, expectConformant, expectStoreError, logInToken, startDemoStore, type DemoStoreServer } from './demo-store-server'

// POST /product/{productId} beyond the product itself: the associations a client asks for, and the
// layout's review slot, which reads its paging, sorting and filters from the request as Shopware's
// ProductDescriptionReviewsCmsElementResolver does.
let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(() => store?.close())

type Json = Record<string, unknown>
type Review = { id: string; points: number; createdAt: string; languageId: string; status: boolean }
type ReviewResult = { elements: Review[]; totalReviews: number; customerReview: Review | null; matrix: { totalReviewCount: number; pointSum: number } }

const OPERATION = 'POST /product/{productId}'
const product = (number: string) => sid(`product:${number}`)

async function detail(id: string, body: Json = {}, options: { token?: string; languageId?: string; query?: Record<string, string> } = {}) {
  const response = await store.call('POST', `/product/${id}`, { body, ...options, headers: { 'sw-include-seo-urls': 'true' } })
  expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200)
  return (response.body as { product: Json }).product
}

function slotData(productJson: Json, type: string): Json {
  const sections = (productJson.cmsPage as { sections: { blocks: { slots: { type: string; data: Json }[] }[] }[] }).sections
  const slot = sections.flatMap((s) => s.blocks.flatMap((b) => b.slots)).find((s) => s.type === type)
  if (!slot) throw new Error(`no ${type} slot`)
  return slot.data
}

const reviewsIn = async (id: string, body: Json = {}, options: { token?: string; languageId?: string } = {}) =>
  slotData(await detail(id, body, options), 'product-description-reviews').reviews as ReviewResult

describe('associations of the detail read', () => {
  it('answers parent.children with the whole family, each member with its own fields, prices and SEO URLs but no associations', async () => {
    const shown = await detail(product('FS-20001'), { associations: { parent: { associations: { children: {} } } } })
    expect(shown.productNumber).toBe('FS-20001.1')
    const parent = shown.parent as Json
    expect(parent.id).toBe(product('FS-20001'))
    const children = parent.children as Json[]
    expect(children).toHaveLength(12)
    expect(new Set(children.map((c) => c.parentId))).toEqual(new Set([product('FS-20001')]))
    expect(children.map((c) => c.productNumber)).toContain('FS-20001.1')
    for (const child of children) {
      expect(child).toMatchObject({ optionIds: expect.any(Array), calculatedPrice: expect.objectContaining({ unitPrice: expect.any(Number) }) })
      expect((child.seoUrls as Json[])[0]).toMatchObject({ routeName: 'frontend.detail.page', foreignKey: child.id, isCanonical: true })
      // Below the root criteria the DAL loads no association it was not asked for.
      for (const association of ['cover', 'manufacturer', 'options', 'properties', 'media']) expect(child).not.toHaveProperty(association)
    }
    expect(parent).not.toHaveProperty('cover')
  })

  it("honours the children's own criteria, and answers no parent for a product without one", async () => {
    const shown = await detail(product('FS-20001'), {
      associations: { parent: { associations: { children: { limit: 2, sort: [{ field: 'productNumber', order: 'DESC', naturalSorting: true }] } } } },
    })
    expect(((shown.parent as Json).children as Json[]).map((c) => c.productNumber)).toEqual(['FS-20001.12', 'FS-20001.11'])
    const simple = await detail(product('FS-10001'), { associations: { parent: { associations: { children: {} } } } })
    expect(simple.parent).toBeNull()
    expect(await detail(product('FS-10001'))).not.toHaveProperty('parent')
  })

  it('parses its criteria like any search, before it looks for the product: an invalid limit or sorting is a 400', async () => {
    expectStoreError(OPERATION, await store.call('POST', `/product/${product('FS-10001')}`, { body: { limit: 'many' } }), 400, 'FRAMEWORK__INVALID_LIMIT_QUERY')
    expect((await store.call('POST', `/product/${product('FS-10001')}`, { body: { sort: 42 } })).status).toBe(400)
    // The criteria are parsed before the route looks for the product.
    expectStoreError(OPERATION, await store.call('POST', `/product/${'0'.repeat(32)}`, { body: { limit: 'many' } }), 400, 'FRAMEWORK__INVALID_LIMIT_QUERY')
  })
})

describe('the layout’s review slot', () => {
  // FS-21003's family has three approved reviews, one in each language, with three different points and dates.
  const id = product('FS-21003')

  it('lists the best first by default, newest first for any other sort, and conforms', async () => {
    const response = await store.call('POST', `/product/${id}`, { body: {} })
    expectConformant(OPERATION, response)
    const byPoints = await reviewsIn(id)
    expect(byPoints.elements.map((r) => r.points)).toEqual([...byPoints.elements.map((r) => r.points)].sort((a, b) => b - a))
    const newest = await reviewsIn(id, { sort: 'createdAt' })
    const dates = newest.elements.map((r) => r.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(newest.elements.map((r) => r.id)).not.toEqual(byPoints.elements.map((r) => r.id))
    // The review route lists the same reviews.
    const listed = elementsOf(await store.call('POST', `/product/${id}/reviews`, { body: {} })).map((r) => r.id)
    expect(new Set(listed)).toEqual(new Set(newest.elements.map((r) => r.id)))
    expect(listed).toHaveLength(3)
  })

  it('pages by limit and p, and filters by points and the context language, while the matrix counts them all', async () => {
    const all = await reviewsIn(id, { sort: 'createdAt' })
    expect(all.totalReviews).toBe(3)
    const second = await reviewsIn(id, { sort: 'createdAt', limit: 1, p: 2 })
    expect(second.elements.map((r) => r.id)).toEqual([all.elements[1]!.id])
    const best = Math.max(...all.elements.map((r) => r.points))
    const top = await reviewsIn(id, { points: [best] })
    expect(top.elements.map((r) => r.points)).toEqual([best])
    const english = await reviewsIn(id, { language: 'filter-language' }, { languageId: LANGUAGE_IDS.en })
    expect(english.elements.map((r) => r.languageId)).toEqual([LANGUAGE_IDS.en])
    for (const result of [second, top, english]) expect(result).toMatchObject({ totalReviews: 3, matrix: { totalReviewCount: 3, pointSum: all.matrix.pointSum } })
    expect(all.customerReview).toBeNull()
  })

  it("gives a logged-in customer their own review of the shown product, not approved yet, in the list and as customerReview, without counting it", async () => {
    const token = await logInToken(store, DEMO_ACCOUNTS.customer)
    // FS-21003 comes in lengths: its page shows a variant, and customerReview is the review of that variant.
    const shownId = (await detail(id)).id as string
    expect(shownId).not.toBe(id)
    const written = await store.call('POST', `/product/${shownId}/review`, {
      token, body: { title: 'Gute Schiene', content: 'Passt genau auf die Säge und hält bisher sehr gut.', points: 2 },
    })
    expect(written.status).toBe(204)
    const own = await reviewsIn(id, { sort: 'createdAt' }, { token })
    expect(own.customerReview).toMatchObject({ productId: shownId, points: 2, status: false })
    expect(own.elements.map((r) => r.id)).toContain(own.customerReview!.id)
    expect(own.totalReviews).toBe(3)
    const anonymous = await reviewsIn(id, { sort: 'createdAt' })
    expect(anonymous.elements.map((r) => r.id)).not.toContain(own.customerReview!.id)
    expect(anonymous.customerReview).toBeNull()
  })
})
