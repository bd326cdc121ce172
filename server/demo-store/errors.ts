import { STATUS_CODES } from 'node:http'

export interface StoreApiErrorEntry {
  status: string
  code: string
  title: string
  detail: string
  source?: { pointer: string }
  meta: { parameters: Record<string, string | number> }
}

/** A Shopware-style error; the router turns it into `{errors:[…]}` with the status as a string. */
export class StoreApiError extends Error {
  readonly status: number
  readonly code: string
  readonly parameters: Record<string, string | number>
  readonly pointer?: string
  readonly titleOverride?: string

  constructor(
    status: number,
    code: string,
    detail: string,
    options: { parameters?: Record<string, string | number>; pointer?: string; title?: string } = {},
  ) {
    super(detail)
    this.status = status
    this.code = code
    this.parameters = options.parameters ?? {}
    this.pointer = options.pointer
    this.titleOverride = options.title
  }

  toEntry(): StoreApiErrorEntry {
    const entry: StoreApiErrorEntry = {
      status: String(this.status),
      code: this.code,
      title: this.titleOverride ?? STATUS_CODES[this.status] ?? 'Error',
      detail: this.message,
      meta: { parameters: this.parameters },
    }
    if (this.pointer) entry.source = { pointer: this.pointer }
    return entry
  }
}

export const errors = {
  accessKeyMissing: () => new StoreApiError(401, '0', 'Header "sw-access-key" is required.'),
  salesChannelNotFound: () =>
    new StoreApiError(412, 'FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND', 'No matching sales channel found.'),
  maintenance: () =>
    new StoreApiError(503, 'FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE', 'The sales channel is in maintenance mode.'),
  languageInvalid: (languageId: string) =>
    new StoreApiError(412, 'SYSTEM__LANGUAGE_INVALID_EXCEPTION', `Provided languageId "${languageId}" is not a valid uuid.`, {
      parameters: { languageId },
    }),
  languageNotAvailable: (languageId: string) =>
    new StoreApiError(
      412,
      'SYSTEM__SALES_CHANNEL_LANGUAGE_NOT_AVAILABLE_EXCEPTION',
      `Provided language "${languageId}" is not in list of available languages.`,
      { parameters: { languageId } },
    ),
  categoryNotFound: (id: string) =>
    new StoreApiError(404, 'CONTENT__CATEGORY_NOT_FOUND', `Category "${id}" not found.`, { parameters: { id } }),
  landingPageNotFound: (id: string) =>
    new StoreApiError(404, 'CONTENT__LANDING_PAGE_NOT_FOUND', `Landing page "${id}" not found.`, {
      parameters: { landingPageId: id },
    }),
  cmsPageNotFound: (id: string) =>
    new StoreApiError(404, 'CONTENT__CMS_PAGE_NOT_FOUND', `Page with id "${id}" was not found.`, { parameters: { id } }),
  productNotFound: (id: string) =>
    new StoreApiError(404, 'CONTENT__PRODUCT_NOT_FOUND', `Product for id ${id} not found.`, { parameters: { productId: id } }),
  entityNotExists: (field: string, entity: string, id: string) =>
    new StoreApiError(400, 'VIOLATION::ENTITY_DOES_NOT_EXISTS', `The ${entity} with id "${id}" does not exist.`, {
      pointer: `/${field}`,
      parameters: { '{{ entity }}': entity, '{{ id }}': id },
      title: 'Constraint violation error',
    }),
  // Criteria errors carry the codes of Shopware's RequestCriteriaBuilder, QueryStringParser and
  // AggregationParser (DataAbstractionLayerException and its Invalid*QueryException classes).
  invalidFilterQuery: (detail: string, pointer: string) =>
    new StoreApiError(400, 'FRAMEWORK__INVALID_FILTER_QUERY', detail, { pointer, parameters: { path: pointer } }),
  invalidSortQuery: (detail: string, pointer: string) =>
    new StoreApiError(400, 'FRAMEWORK__INVALID_SORT_QUERY', detail, { pointer, parameters: { path: pointer } }),
  invalidAggregationQuery: (detail: string, pointer: string) =>
    new StoreApiError(400, 'FRAMEWORK__INVALID_AGGREGATION_QUERY', detail, { pointer, parameters: { message: detail } }),
  invalidLimitQuery: (limit: string | number) =>
    new StoreApiError(400, 'FRAMEWORK__INVALID_LIMIT_QUERY', `The limit parameter must be a positive integer greater or equals than 1. Given: ${limit}`, {
      pointer: '/limit',
      parameters: { limit },
    }),
  queryLimitExceeded: (maxLimit: number, limit: number) =>
    new StoreApiError(400, 'FRAMEWORK__QUERY_LIMIT_EXCEEDED', `The limit must be lower than or equal to MAX_LIMIT(=${maxLimit}). Given: ${limit}`, {
      pointer: '/limit',
      parameters: { maxLimit, limit },
    }),
  invalidPageQuery: (page: string | number, pointer = '/page') =>
    new StoreApiError(400, 'FRAMEWORK__INVALID_PAGE_QUERY', `The page parameter must be a positive integer. Given: ${page}`, {
      pointer,
      parameters: { page },
    }),
  invalidCriteriaIds: (detail: string) =>
    new StoreApiError(400, 'FRAMEWORK__INVALID_API_CRITERIA_IDS', detail, { pointer: '/ids' }),
  expectedArrayWithType: (path: string, type: string) =>
    new StoreApiError(400, 'FRAMEWORK__EXPECTED_ARRAY_WITH_TYPE', `Expected data at ${path} to be of the type array, ${type} given`, {
      pointer: `/${path.replace(/\./g, '/')}`,
      parameters: { path, type },
    }),
  // Shopware answers 500 here (DefinitionNotFoundException has no status of its own); it is the
  // client's mistake, so the demo store says so with a 400.
  definitionNotFound: (entity: string, pointer: string) =>
    new StoreApiError(400, 'FRAMEWORK__DEFINITION_NOT_FOUND', `Definition for entity "${entity}" does not exist.`, {
      pointer,
      parameters: { entityName: entity },
    }),
  // Symfony HttpExceptions (no Shopware code): ErrorResponseFactory sends code "0".
  malformedJson: () => new StoreApiError(400, '0', 'The JSON payload is malformed.'),
  bodyTooLarge: (limit: string) => new StoreApiError(413, '0', `The request body is larger than ${limit}.`),
  routeNotFound: (method: string, path: string) =>
    new StoreApiError(404, 'FRAMEWORK__ROUTE_NOT_FOUND', `No route found for "${method} ${path}".`),
  customerNotLoggedIn: () => new StoreApiError(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.'),
  methodNotAllowed: (method: string, path: string) =>
    new StoreApiError(405, '0', `No route found for "${method} ${path}": Method Not Allowed.`),
}

export function errorBody(err: StoreApiError): { errors: StoreApiErrorEntry[] } {
  return { errors: [err.toEntry()] }
}
