import type { LoaderFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CUSTOMER_GROUP_IDS, DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { readFlash } from '~/session/flash.server'
import { serializeWishlistCookie } from '~/session/wishlist.server'
import { testContext } from '~/store/test-support.server'
import { loader } from './wishlist-catalogue'

// The route as the browser meets it: the PDF with its headers, the way back to an empty wishlist,
// and 'Error creating the catalogue' when the store fails (never an error page).

let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore()
})
afterAll(() => demo?.close())

function call(path: string, ids: string[], endpoint = `${demo.origin}/store-api`) {
  const { context, lines } = testContext(endpoint, {
    store: { endpoint, accessToken: DEMO_ACCESS_KEY, timeoutMs: 3000, embedded: true, resellerGroupId: CUSTOMER_GROUP_IDS.reseller },
  })
  const cookie = ids.length ? serializeWishlistCookie(context, ids).split(';')[0]! : ''
  const request = new Request(`https://shop.example${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  return { context, lines, run: () => loader({ request, context, params: {} } as unknown as LoaderFunctionArgs) }
}

describe('GET /wishlist/catalogue.pdf', () => {
  it('answers the PDF as a private attachment named in the language with the date', async () => {
    const response = await call('/fr/wishlist/catalogue.pdf', [sid('product:FS-10001')]).run()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="catalogue-produits-\d{4}-\d{2}-\d{2}\.pdf"$/)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('leads an empty wishlist back to the wishlist page', async () => {
    const response = await call('/en/wishlist/catalogue.pdf', []).run()
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/wishlist')
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })

  it("leads back to the wishlist with 'Error creating the catalogue' when the store fails, and logs why", async () => {
    // Nothing listens there: the product read fails.
    const failing = call('/wishlist/catalogue.pdf', [sid('product:FS-10001')], 'http://127.0.0.1:9/store-api')
    const response = await failing.run()
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/wishlist')
    const flashCookie = response.headers.get('Set-Cookie')!.split(';')[0]!
    const flash = readFlash(new Request('https://shop.example/wishlist', { headers: { Cookie: flashCookie } }), failing.context)
    expect(flash.messages).toEqual([{ type: 'danger', messageKey: 'catalogue:errors.failed' }])
    expect(failing.lines.some((l) => l.msg === 'catalogue failed' && l.level === 50)).toBe(true)
  })
})
