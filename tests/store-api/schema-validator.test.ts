import { describe, expect, it } from 'vitest'
import { deviations } from './deviations'
import { createValidator, storeApiValidator, toJsonSchema } from './schema-validator'

const json = 'application/json'
const hex = (n: number) => n.toString(16).padStart(32, '0')
const envelope = (status: string, code: string) => ({
  errors: [{ status, code, title: 'Forbidden', detail: 'Something.', meta: { parameters: {} } }],
})

describe('schema validator', () => {
  const validator = storeApiValidator()
  const strict = createValidator([])

  it('accepts a conforming error envelope and points at what is wrong in a broken one', () => {
    expect(validator.validate('GET /context', { status: 401, contentType: json, body: envelope('401', '0') })).toEqual({
      valid: true,
      errors: [],
    })
    const numeric = { errors: [{ status: 401, code: '0', title: 'Unauthorized', detail: 'x' }] }
    const result = validator.validate('GET /context', { status: 401, contentType: json, body: numeric })
    expect(result.valid).toBe(false)
    expect(result.errors.join('\n')).toContain('/errors/0/status: must be string')
    const extra = { errors: [{ status: '401', unexpected: true }] }
    expect(validator.validate('GET /context', { status: 401, contentType: json, body: extra }).errors.join('\n')).toContain(
      'must NOT have additional properties',
    )
  })

  it('validates entity search results with their elements', () => {
    const language = { id: hex(1), localeId: hex(2), name: 'Deutsch', apiAlias: 'language' }
    const result = (elements: unknown[], aggregations: unknown) => ({
      entity: 'language',
      total: elements.length,
      aggregations,
      page: 1,
      limit: 10,
      elements,
      apiAlias: 'dal_entity_search_result',
    })
    expect(validator.validate('POST /language', { status: 200, contentType: json, body: result([language], []) }).valid).toBe(true)
    expect(validator.validate('POST /language', { status: 200, contentType: json, body: result([language], {}) }).valid).toBe(true)
    const missingName = validator.validate('POST /language', {
      status: 200,
      contentType: json,
      body: result([{ id: hex(1), localeId: hex(2) }], []),
    })
    expect(missingName.errors.join('\n')).toContain("/elements/0: must have required property 'name'")
    const badId = validator.validate('POST /language', { status: 200, contentType: json, body: result([{ ...language, id: 'x' }], []) })
    expect(badId.errors.join('\n')).toContain('/elements/0/id: must match pattern')
  })

  it('applies the aggregation deviation and nothing looser', () => {
    const body = { elements: [], total: 0, page: 1, limit: 10, aggregations: { price: { min: '1' } } }
    expect(validator.validate('POST /language', { status: 200, contentType: json, body }).valid).toBe(true)
    expect(strict.validate('POST /language', { status: 200, contentType: json, body }).errors.join('\n')).toContain(
      '/aggregations: must be array',
    )
    const nonEmptyArray = { ...body, aggregations: [{ name: 'price' }] }
    expect(validator.validate('POST /language', { status: 200, contentType: json, body: nonEmptyArray }).valid).toBe(false)
  })

  it('accepts a null redirectUrl only through the deviation', () => {
    const body = { redirectUrl: null, apiAlias: 'array_struct' }
    expect(validator.validate('PATCH /context', { status: 200, contentType: json, body }).valid).toBe(true)
    expect(strict.validate('PATCH /context', { status: 200, contentType: json, body }).errors.join('\n')).toContain(
      '/redirectUrl: must be string',
    )
    expect(validator.validate('PATCH /context', { status: 200, contentType: json, body: { redirectUrl: 5 } }).valid).toBe(false)
  })

  it('accepts maintenance and sales-channel errors on any operation through the deviation', () => {
    const maintenance = envelope('503', 'FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE')
    expect(validator.validate('POST /category/{navigationId}', { status: 503, contentType: json, body: maintenance }).valid).toBe(true)
    expect(strict.validate('POST /category/{navigationId}', { status: 503, contentType: json, body: maintenance }).errors[0]).toMatch(
      /status 503 is not documented/,
    )
    expect(validator.validate('POST /category/{navigationId}', { status: 503, contentType: json, body: { message: 'down' } }).valid).toBe(
      false,
    )
  })

  it('rejects undocumented statuses, content types and bodies', () => {
    expect(validator.validate('GET /context', { status: 418, contentType: json, body: {} }).errors[0]).toMatch(/status 418 is not documented/)
    expect(validator.validate('GET /context', { status: 200, contentType: 'text/html', body: '<html>' }).errors[0]).toMatch(
      /content type text\/html is not documented/,
    )
    expect(
      validator.validate('PATCH /account/address/default-billing/{addressId}', { status: 204, contentType: null, body: undefined }).valid,
    ).toBe(true)
    expect(
      validator.validate('PATCH /account/address/default-billing/{addressId}', { status: 204, contentType: json, body: { ok: 1 } }).errors[0],
    ).toMatch(/has no body in the schema/)
    expect(
      strict.validate('PATCH /account/address/default-billing/{addressId}', { status: 204, contentType: null, body: undefined }).valid,
    ).toBe(false)
  })

  it('knows which operations exist', () => {
    expect(validator.hasOperation('POST /navigation/{activeId}/{rootId}')).toBe(true)
    expect(validator.hasOperation('POST /product-manufacturer')).toBe(false)
    expect(validator.validate('POST /product-manufacturer', { status: 200, contentType: json, body: {} }).valid).toBe(false)
    expect(() => validator.validate('/context', { status: 200, contentType: json, body: {} })).toThrow(/operation must look like/)
  })

  it('refuses a deviation whose pointer no longer fits the schema', () => {
    expect(() =>
      createValidator([
        { kind: 'schema', pointer: '#/components/schemas/NoSuchSchema/properties/x', replacement: {}, differs: '', why: '', source: '' },
      ]),
    ).toThrow(/does not lead into an object/)
  })

  it('documents every deviation', () => {
    for (const deviation of deviations) {
      expect(deviation.differs.length).toBeGreaterThan(10)
      expect(deviation.why.length).toBeGreaterThan(10)
      expect(deviation.source.length).toBeGreaterThan(10)
    }
  })
})

describe('toJsonSchema', () => {
  it("turns OpenAPI's nullable into a null type and points local refs at the document", () => {
    expect(toJsonSchema({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] })
    expect(toJsonSchema({ type: 'string', enum: ['a'], nullable: true })).toEqual({ type: ['string', 'null'], enum: ['a', null] })
    expect(toJsonSchema({ $ref: '#/components/schemas/Media', nullable: true })).toEqual({
      anyOf: [{ $ref: 'store-api.json#/components/schemas/Media' }, { type: 'null' }],
    })
    expect(toJsonSchema({ type: 'object', nullable: false, properties: { a: { type: 'integer' } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'integer' } },
    })
  })
})
