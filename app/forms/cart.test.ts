import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { MAX_QUICK_ORDER_FILE_BYTES, promotionSchema, quantitySchema, quickOrderSchema, removeSchema } from './cart'

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

const LINE = '7500379cfa8d405f6ddc1d15032ef246'

/** The field errors the form gets back (undefined on success). */
const errorsOf = (submission: { reply: () => SubmissionResult<string[]> }) => submission.reply().error ?? {}

describe('quantity form', () => {
  it('accepts a positive whole number', () => {
    const submission = parseWithZod(form({ intent: 'quantity', lineItemId: LINE, quantity: '12' }), { schema: quantitySchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject({ lineItemId: LINE, quantity: 12 })
  })

  it.each([
    ['', 'cart:errors.quantityRequired'],
    ['0', 'cart:errors.quantityInteger'],
    ['-2', 'cart:errors.quantityInteger'],
    ['1.5', 'cart:errors.quantityInteger'],
    ['zwei', 'cart:errors.quantityInteger'],
  ])('refuses %j with the error at the field, keeping the typed value', (quantity, message) => {
    const submission = parseWithZod(form({ intent: 'quantity', lineItemId: LINE, quantity }), { schema: quantitySchema })
    expect(submission.status).toBe('error')
    expect(errorsOf(submission).quantity).toEqual([message])
    const reply = submission.reply()
    expect(reply.initialValue?.quantity ?? '').toBe(quantity)
  })

  it('refuses a line id that is no id', () => {
    const submission = parseWithZod(form({ intent: 'quantity', lineItemId: '../x', quantity: '1' }), { schema: quantitySchema })
    expect(errorsOf(submission).lineItemId).toBeDefined()
  })
})

describe('remove form', () => {
  it('takes product and promotion lines', () => {
    expect(parseWithZod(form({ intent: 'remove', lineItemId: LINE }), { schema: removeSchema }).status).toBe('success')
    expect(parseWithZod(form({ intent: 'promotion-remove', lineItemId: LINE }), { schema: removeSchema }).status).toBe('success')
    expect(parseWithZod(form({ intent: 'remove', lineItemId: '' }), { schema: removeSchema }).status).toBe('error')
  })
})

describe('promotion form', () => {
  it('trims the code and requires one', () => {
    const ok = parseWithZod(form({ intent: 'promotion-add', code: '  FORST10 ' }), { schema: promotionSchema })
    expect(ok.status === 'success' && ok.value.code).toBe('FORST10')
    const empty = parseWithZod(form({ intent: 'promotion-add', code: '   ' }), { schema: promotionSchema })
    expect(errorsOf(empty).code).toEqual(['cart:errors.codeRequired'])
    const long = parseWithZod(form({ intent: 'promotion-add', code: 'X'.repeat(101) }), { schema: promotionSchema })
    expect(errorsOf(long).code).toEqual(['cart:errors.codeTooLong|{"max":100}'])
  })
})

describe('quick order form', () => {
  it('needs lines or a file', () => {
    const submission = parseWithZod(form({ intent: 'quick-order', lines: '  \n ' }), { schema: quickOrderSchema })
    expect(errorsOf(submission).lines).toEqual(['cart:errors.linesRequired'])
  })

  it('names the lines it cannot read and keeps the text', () => {
    const lines = 'FS-10001, 2\nFS-40001, zwei'
    const submission = parseWithZod(form({ intent: 'quick-order', lines }), { schema: quickOrderSchema })
    expect(errorsOf(submission).lines).toEqual(['cart:errors.badLines|{"lines":"2 (FS-40001, zwei)"}'])
    expect(submission.reply().initialValue?.lines).toBe(lines)
  })

  it('refuses more than 100 lines', () => {
    const lines = Array.from({ length: 101 }, (_, i) => `FS-${i}, 1`).join('\n')
    const submission = parseWithZod(form({ intent: 'quick-order', lines }), { schema: quickOrderSchema })
    expect(errorsOf(submission).lines).toEqual(['cart:errors.tooManyLines|{"max":100}'])
  })

  it('accepts a CSV file alone, and refuses other files and files over 1 MiB', () => {
    const csv = new File(['FS-10001;2\n'], 'bestellung.csv', { type: 'text/csv' })
    expect(parseWithZod(form({ intent: 'quick-order', lines: '', file: csv }), { schema: quickOrderSchema }).status).toBe('success')
    const image = new File(['x'], 'foto.png', { type: 'image/png' })
    expect(errorsOf(parseWithZod(form({ intent: 'quick-order', file: image }), { schema: quickOrderSchema })).file).toEqual(['cart:errors.fileType'])
    const big = new File(['x'.repeat(MAX_QUICK_ORDER_FILE_BYTES + 1)], 'gross.csv', { type: 'text/csv' })
    expect(errorsOf(parseWithZod(form({ intent: 'quick-order', file: big }), { schema: quickOrderSchema })).file).toEqual(['cart:errors.fileTooLarge'])
  })
})
