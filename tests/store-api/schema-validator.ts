// Validates Store API responses against the official OpenAPI document shipped in
// @shopware/api-client, compiled as JSON Schema 2020-12, with the documented deviations applied.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { deviations as defaultDeviations, type Deviation } from './deviations'

export const schemaFile = fileURLToPath(
  new URL('../../node_modules/@shopware/api-client/api-types/storeApiSchema.json', import.meta.url),
)

const DOCUMENT_ID = 'store-api.json'
const methods = ['get', 'post', 'patch', 'put', 'delete'] as const
type Method = (typeof methods)[number]

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function decodePointer(pointer: string): string[] {
  const path = pointer.replace(/^#/, '')
  if (path === '') return []
  if (!path.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`)
  return path
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

function resolvePointer(document: Json, pointer: string): Json | undefined {
  let node: Json | undefined = document
  for (const segment of decodePointer(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)]
    else if (isObject(node)) node = node[segment]
    else return undefined
  }
  return node
}

function setPointer(document: Json, pointer: string, value: Json): void {
  const segments = decodePointer(pointer)
  const last = segments.pop()
  if (last === undefined) throw new Error('cannot replace the whole document')
  const parent = resolvePointer(document, `#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`)
  // A deviation whose parent is gone means the schema changed under it: fail instead of silently not applying.
  if (!isObject(parent)) throw new Error(`deviation pointer ${pointer} does not lead into an object of the schema`)
  parent[last] = value
}

/**
 * OpenAPI 3.0's `nullable` still appears in the 3.2 document; JSON Schema 2020-12 spells it as a
 * 'null' type. Local refs are pointed at the registered document so response schemas compile alone.
 */
export function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema)
  if (!isObject(node)) return node
  const result: JsonObject = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable') continue
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) result[key] = `${DOCUMENT_ID}${value}`
    else result[key] = toJsonSchema(value)
  }
  if (node.nullable !== true) return result
  if (Array.isArray(result.enum)) result.enum = [...result.enum, null]
  if (typeof result.type === 'string') result.type = [result.type, 'null']
  else if (Array.isArray(result.type)) result.type = [...result.type, 'null']
  else return { anyOf: [result, { type: 'null' }] }
  return result
}

export interface ResponseUnderTest {
  status: number
  /** The Content-Type header, parameters allowed ('application/json; charset=utf-8'). */
  contentType?: string | null
  /** Parsed JSON body, or undefined / '' for an empty body. */
  body: unknown
}

export interface ValidationResult {
  valid: boolean
  /** 'pointer: message (schema path)' per failure, readable in an assertion diff. */
  errors: string[]
}

function formatError(error: ErrorObject): string {
  const where = error.instancePath || '/'
  const params = Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''
  return `${where}: ${error.message ?? error.keyword}${params} (${error.schemaPath})`
}

export interface Validator {
  /** `operation` is 'METHOD /path/{template}' as written in the schema, e.g. 'POST /category/{navigationId}'. */
  validate(operation: string, response: ResponseUnderTest): ValidationResult
  /** Whether the schema documents this method and path template. */
  hasOperation(operation: string): boolean
}

export function createValidator(deviations: readonly Deviation[] = defaultDeviations): Validator {
  const original = JSON.parse(readFileSync(schemaFile, 'utf8')) as Json
  for (const deviation of deviations) {
    if (deviation.kind === 'schema') setPointer(original, deviation.pointer, deviation.replacement as Json)
  }
  const extraStatuses = new Set(deviations.flatMap((d) => (d.kind === 'status' ? d.statuses : [])))
  const document = toJsonSchema(original)
  if (!isObject(document) || !isObject(document.components) || !isObject(document.paths)) {
    throw new Error(`${schemaFile} is not an OpenAPI document`)
  }
  const paths = document.paths
  const components = document.components

  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true })
  addFormats(ajv)
  ajv.addFormat('base64url', /^[A-Za-z0-9_-]*={0,2}$/)
  // Not format names at all (an empty string and a regex written into `format`): annotations only.
  ajv.addFormat('', true)
  ajv.addFormat('^[0-9a-f]{32}$', true)
  ajv.addSchema({ $id: DOCUMENT_ID, components }, DOCUMENT_ID)

  const compiled = new Map<string, ValidateFunction>()

  function operationOf(operation: string): { method: Method; template: string; op: JsonObject } | undefined {
    const match = /^(GET|POST|PATCH|PUT|DELETE) (\/\S*)$/i.exec(operation)
    if (!match) throw new Error(`operation must look like 'POST /path/{id}', got '${operation}'`)
    const method = match[1].toLowerCase() as Method
    const template = match[2]
    const item = paths[template]
    const op = isObject(item) ? item[method] : undefined
    return isObject(op) ? { method, template, op } : undefined
  }

  function resolveResponse(response: Json | undefined): JsonObject | undefined {
    let current = response
    for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 10; hops++) {
      current = resolvePointer(document, current.$ref.slice(DOCUMENT_ID.length))
    }
    return isObject(current) ? current : undefined
  }

  function responseFor(op: JsonObject, status: number): { key: string; response: JsonObject } | undefined {
    const responses = isObject(op.responses) ? op.responses : {}
    for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
      const response = resolveResponse(responses[key])
      if (response) return { key, response }
    }
    if (extraStatuses.has(status)) {
      const envelope: JsonObject = {
        description: 'error envelope (deviations.ts)',
        content: { 'application/json': { schema: { $ref: `${DOCUMENT_ID}#/components/schemas/failure` } } },
      }
      return { key: String(status), response: envelope }
    }
    return undefined
  }

  function validatorFor(cacheKey: string, schema: Json): ValidateFunction {
    let validate = compiled.get(cacheKey)
    if (!validate) {
      validate = ajv.compile(isObject(schema) ? schema : {})
      compiled.set(cacheKey, validate)
    }
    return validate
  }

  return {
    hasOperation: (operation) => operationOf(operation) !== undefined,
    validate(operation, { status, contentType, body }) {
      const found = operationOf(operation)
      if (!found) return { valid: false, errors: [`${operation} is not in the Store API schema`] }
      const documented = responseFor(found.op, status)
      if (!documented) {
        const listed = Object.keys(isObject(found.op.responses) ? found.op.responses : {}).join(', ')
        return { valid: false, errors: [`status ${status} is not documented for ${operation} (documented: ${listed})`] }
      }
      const content = isObject(documented.response.content) ? documented.response.content : undefined
      const empty = body === undefined || body === ''
      if (!content) {
        return empty
          ? { valid: true, errors: [] }
          : { valid: false, errors: [`${operation} ${documented.key} has no body in the schema, got ${JSON.stringify(body).slice(0, 200)}`] }
      }
      const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
      const media = mediaType ? content[mediaType] : undefined
      if (!mediaType || !isObject(media)) {
        return {
          valid: false,
          errors: [`content type ${mediaType ?? '(none)'} is not documented for ${operation} ${documented.key} (${Object.keys(content).join(', ')})`],
        }
      }
      if (media.schema === undefined) return { valid: true, errors: [] }
      const validate = validatorFor(`${found.method} ${found.template} ${documented.key} ${mediaType}`, media.schema)
      if (validate(body)) return { valid: true, errors: [] }
      return { valid: false, errors: (validate.errors ?? []).map(formatError) }
    },
  }
}

let shared: Validator | undefined

/** One compiled validator per test file (compiling the 1.4 MB document takes a moment). */
export function storeApiValidator(): Validator {
  shared ??= createValidator()
  return shared
}
