import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCESS_KEY } from './constants'
import { computeAggregations, parseCriteria, valuesAt } from './criteria'
import { createDemoStore, type DemoStore } from './index'

interface Bucket {
  key: string
  count: number
}
interface Result {
  total: number
  elements: { productNumber: string }[]
  aggregations: Record<string, { buckets: Bucket[] }>
}

let origin = ''
let server: Server
let demo: DemoStore
let dataDir = ''

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'demo-aggregations-test-'))
  const app = express()
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  demo = await createDemoStore({ dataDir, publicUrl: origin })
  app.use('/store-api', demo.storeApi)
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  demo.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function products(body: unknown): Promise<{ status: number; body: Result }> {
  const res = await fetch(`${origin}/store-api/product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sw-access-key': DEMO_ACCESS_KEY },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Result }
}

const equals = (field: string, value: string) => ({ type: 'equals', field: `customFields.${field}`, value })
const terms = (name: string, field: string) => ({ type: 'terms', name, field: `customFields.${field}` })

describe('POST /product aggregations (terms, filter)', () => {
  it('returns the distinct custom field values with counts, keyed by name', async () => {
    const { status, body } = await products({
      limit: 1,
      aggregations: [
        terms('crane-manufacturer', 'forst_crane_manufacturer'),
        terms('machine-manufacturer', 'forst_machine_manufacturer'),
      ],
    })
    expect(status).toBe(200)
    expect(body.aggregations['crane-manufacturer']!.buckets.map((b) => b.key)).toEqual(['Alpentec', 'Nordholz'])
    expect(body.aggregations['machine-manufacturer']!.buckets.map((b) => b.key)).toEqual(['Fjällmaskin', 'Waldkraft'])
    expect(body.aggregations['crane-manufacturer']!.buckets.find((b) => b.key === 'Nordholz')!.count).toBe(26)
  })

  it('computes aggregations before post-filters, and filter aggregations narrow their inner aggregation', async () => {
    const { body } = await products({
      'post-filter': [equals('forst_crane_manufacturer', 'Nordholz'), equals('forst_crane_type', 'Nordholz K 100')],
      'total-count-mode': 'exact',
      aggregations: [
        terms('crane-manufacturer', 'forst_crane_manufacturer'),
        {
          type: 'filter',
          name: 'crane-type-filter',
          filter: [equals('forst_crane_manufacturer', 'Alpentec')],
          aggregation: terms('crane-type', 'forst_crane_type'),
        },
      ],
    })
    expect(body.elements.map((p) => p.productNumber).sort()).toEqual(
      ['FS-70003', 'FS-70008', 'FS-70013', 'FS-70018', 'FS-70026', 'FS-70031', 'FS-70036', 'FS-70041'].sort(),
    )
    expect(body.total).toBe(8)
    expect(body.aggregations['crane-manufacturer']!.buckets.map((b) => b.key)).toEqual(['Alpentec', 'Nordholz'])
    expect(body.aggregations['crane-type']!.buckets).toEqual([
      { key: 'Alpentec AK 7', count: 8, apiAlias: 'aggregation_bucket' },
      { key: 'Alpentec AK 9', count: 9, apiAlias: 'aggregation_bucket' },
    ])
    expect(body.aggregations['crane-type-filter']).toBeUndefined()
  })

  it('rejects malformed aggregations with 400', async () => {
    for (const aggregations of [
      {},
      [{ type: 'terms', name: 'x' }],
      [{ type: 'nope', name: 'x', field: 'id' }],
      [{ type: 'filter', name: 'x', filter: [] }],
    ]) {
      const { status } = await products({ aggregations })
      expect(status, JSON.stringify(aggregations)).toBe(400)
    }
  })
})

describe('computeAggregations', () => {
  it('sorts by count when asked and honours the limit', () => {
    const entities = [{ c: 'b' }, { c: 'a' }, { c: 'b' }, { c: null }, { c: ['c', 'b'] }]
    const criteria = parseCriteria({
      aggregations: [{ type: 'terms', name: 'c', field: 'c', limit: 2, sort: { field: '_count', order: 'DESC' } }],
    })
    expect(computeAggregations(entities, criteria.aggregations)).toEqual({
      c: {
        buckets: [
          { key: 'b', count: 3, apiAlias: 'aggregation_bucket' },
          { key: 'a', count: 1, apiAlias: 'aggregation_bucket' },
        ],
        apiAlias: 'c_aggregation',
      },
    })
  })
})

describe('valuesAt', () => {
  it('reads a path through objects and fans out at to-many arrays, as the DAL joins them', () => {
    const product = {
      name: 'Winde',
      customFields: { type: 'Rückewagen', sizes: [35, 40] },
      properties: [{ id: 'a', group: { name: 'Farbe' } }, { id: 'b', group: null }, 'stray'],
      parent: null,
      children: [[{ id: 'nested' }]],
    }
    expect(valuesAt(product, 'name')).toEqual(['Winde'])
    expect(valuesAt(product, 'product.customFields.type', 'product')).toEqual(['Rückewagen'])
    expect(valuesAt(product, 'customFields.sizes')).toEqual([35, 40])
    expect(valuesAt(product, 'customFields.missing')).toEqual([null])
    expect(valuesAt(product, 'properties.id')).toEqual(['a', 'b'])
    expect(valuesAt(product, 'properties.group.name')).toEqual(['Farbe'])
    expect(valuesAt(product, 'parent.id')).toEqual([])
    expect(valuesAt(product, 'name.length')).toEqual([])
    expect(valuesAt(product, 'children.id')).toEqual([])
    expect(valuesAt([product, { name: 'Kette' }], 'name')).toEqual(['Winde', 'Kette'])
  })
})

describe('entity aggregation', () => {
  it('lists the referenced entities through the resolver and refuses unknown definitions', () => {
    const criteria = parseCriteria({ aggregations: [{ name: 'tags', type: 'entity', field: 'tagIds', definition: 'tag' }] })
    const resolver = (definition: string, ids: string[]) =>
      definition === 'tag' ? ids.sort().map((id) => ({ id, name: id.toUpperCase(), apiAlias: 'tag' })) : undefined
    const entities = [{ tagIds: ['a', 'b'] }, { tagIds: ['b'] }, { tagIds: [] }]
    expect(computeAggregations(entities, criteria.aggregations, 'product', resolver)).toEqual({
      tags: {
        name: 'tags',
        entities: [
          { id: 'a', name: 'A', apiAlias: 'tag' },
          { id: 'b', name: 'B', apiAlias: 'tag' },
        ],
        apiAlias: 'tags_aggregation',
      },
    })
    const unknown = parseCriteria({ aggregations: [{ name: 'x', type: 'entity', field: 'tagIds', definition: 'nope' }] })
    expect(() => computeAggregations(entities, unknown.aggregations, 'product', resolver)).toThrow(/nope/)
    expect(() => parseCriteria({ aggregations: [{ name: 'x', type: 'entity', field: 'tagIds' }] })).toThrow(/definition/)
  })
})
