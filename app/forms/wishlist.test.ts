import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { wishlistChangeSchema } from './wishlist'

function form(entries: Record<string, string>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.set(key, value)
  return data
}

describe('wishlist change form', () => {
  it('accepts a toggle of a product id (any case) and keeps where to go back to', () => {
    const submission = parseWithZod(form({ intent: 'toggle', productId: 'AB'.repeat(16), redirectTo: '/en/search?search=saw', inPlace: '1' }), {
      schema: wishlistChangeSchema,
    })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      intent: 'toggle',
      productId: 'ab'.repeat(16),
      redirectTo: '/en/search?search=saw',
      inPlace: '1',
    })
  })

  it('keeps the mark of a page rendered for a logged-in customer and accepts nothing else there', () => {
    const ok = parseWithZod(form({ intent: 'toggle', productId: 'a'.repeat(32), asCustomer: '1' }), { schema: wishlistChangeSchema })
    expect(ok.status === 'success' && ok.value.asCustomer).toBe('1')
    const bad = parseWithZod(form({ intent: 'toggle', productId: 'a'.repeat(32), asCustomer: 'yes' }), { schema: wishlistChangeSchema })
    expect(bad.status).toBe('error')
  })

  it('refuses unknown intents and anything that is not a product id with a translated message', () => {
    const cases: Record<string, string>[] = [{ intent: 'delete-all', productId: 'a'.repeat(32) }, { intent: 'add', productId: '../etc' }, { intent: 'remove' }]
    for (const entries of cases) {
      const submission = parseWithZod(form(entries), { schema: wishlistChangeSchema })
      expect(submission.status).toBe('error')
      const errors = submission.status === 'error' ? submission.error : {}
      expect(Object.values(errors ?? {}).flat()).toContain('wishlist:errors.invalid')
    }
  })
})
