import { request, type Answer } from './http'

/** Small seeded PRNG (mulberry32), so a run can be repeated with RESILIENCE_SEED. */
export function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  }
}
export type Random = ReturnType<typeof random>

export interface FuzzTarget {
  origin: string
  accessKey: string
  /** Known pages of the shop (root-relative), e.g. a product's SEO path. */
  productPath: string
  /** That product's id (32 hex), for /detail/{id}, /store-api/product/{id} and forms. */
  productId: string
  /** A listing category's id, for /store-api/product-listing/{id}. */
  categoryId: string
}

export interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
  /** How to show the body when it is too large to print. */
  bodyNote?: string
}

export interface FuzzFinding {
  request: FuzzRequest
  answer: Answer
}

export interface FuzzResult {
  requests: number
  histogram: Record<string, number>
  /** 5xx answers that are faults (not a 503 with Retry-After from /thumbnail/). */
  serverErrors: FuzzFinding[]
  /** 503 + Retry-After from /thumbnail/ (its resize queue is full): acceptable, counted apart. */
  throttled: number
  /** Requests that got no answer at all (reset, hang-up, timeout). */
  clientErrors: FuzzFinding[]
}

const METHODS = ['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'] as const

const SEARCH_TERMS = [
  'Säge',
  'saw chain',
  'FS-20001',
  'NO-100037',
  '',
  '%',
  '"',
  '"unterminated',
  'NEAR(',
  '*',
  'AND OR NOT',
  '^',
  '-',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000',
  '☃',
  'chaîne',
  '𝔉𝔬𝔯𝔰𝔱',
  '\uFFFD',
]

const THUMBNAIL_SOURCES = [
  '/media/product/fs-10001.jpg',
  '/media/product/fs-10001-2.jpg',
  '/media/product/missing.jpg',
  '/media/../store-api/context',
  '/media/%00',
  '/favicon.ico',
  'http://127.0.0.1:1/x.jpg',
  'https://example.com/a.jpg',
  'javascript:alert(1)',
  '//evil.example/x.jpg',
  'file:///etc/passwd',
  'data:image/png;base64,AAAA',
  '',
]

const STORE_API_PATHS = [
  'context',
  'product',
  'search',
  'search-suggest',
  'navigation/main-navigation/main-navigation',
  'checkout/cart',
  'checkout/cart/line-item',
  'language',
  'currency',
  'category',
  'country',
  'seo-url',
  'product-listing/{category}',
  'product/{product}',
  'product/{product}/reviews',
  'product/{product}/cross-selling',
  'breadcrumb/{product}',
  'cms/ffffffffffffffffffffffffffffffff',
  'unknown/route',
  'product/%00',
  '..%2f..%2fhealthz',
]

const JSON_BODIES = [
  '{}',
  '[]',
  'null',
  '"text"',
  '{',
  '{"limit":"abc"}',
  '{"limit":-1}',
  '{"limit":100000}',
  '{"p":0}',
  '{"page":-3,"limit":0}',
  '{"filter":"x"}',
  '{"filter":[{"type":"equals"}]}',
  '{"filter":[{"type":"range","field":"price","parameters":{"gte":"x"}}]}',
  '{"filter":[{"type":"multi","operator":"xor","queries":[{}]}]}',
  '{"sort":[{"field":"name; DROP TABLE product"}]}',
  '{"aggregations":[{"name":"a","type":"terms","field":"nope"}]}',
  '{"term":"\\u0000"}',
  '{"search":"*"}',
  '{"ids":["x",1,null]}',
  '{"associations":{"a":{"associations":{"b":{}}}}}',
  '{"items":[{"id":"x","type":"product","quantity":1e309}]}',
  '{"items":[{"type":"product","referencedId":"ffffffffffffffffffffffffffffffff","quantity":-1}]}',
  '{"items":"nope"}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(700)}${']'.repeat(700)}`,
  `{"includes":{"product":[${Array.from({ length: 200 }, (_, i) => `"f${i}"`).join(',')}]}}`,
]

function hex(rnd: Random, length = 32): string {
  return Array.from({ length }, () => '0123456789abcdef'[rnd.int(0, 15)]).join('')
}

function oddValue(rnd: Random): string {
  return rnd.pick([
    '-1',
    '0',
    '1',
    '3',
    '1.5',
    '1e9',
    'abc',
    '',
    '999999999999999999999999',
    'NaN',
    '%ZZ',
    '%00',
    '%E2%98%83',
    encodeURIComponent('<script>'),
    'a'.repeat(rnd.int(100, 5000)),
  ])
}

/** Paths a parser may choke on: bad percent-encoding, NUL, dot segments, huge lengths. */
function oddPaths(rnd: Random): string[] {
  return [
    '/%00',
    '/%E2%98%83',
    '/%E2%98',
    '/%',
    '/%%',
    '/../../etc/passwd',
    '/produkte/..%2f..%2f',
    '/produkte/%2e%2e/%2e%2e/',
    '//evil.example/',
    '/en/%E2%98%83/%00/',
    `/produkte/${'x'.repeat(rnd.int(100, 12_000))}`,
    `/en/${'%E2%98%83'.repeat(rnd.int(10, 900))}`,
    `/search?search=${'%00'.repeat(rnd.int(10, 3000))}`,
    // Not UTF-8: a lone surrogate, an overlong slash, a stray continuation byte.
    '/search?search=%ED%A0%80',
    '/search?search=%C0%AF',
    '/%C0%AF..%C0%AFetc',
    '/en/%80',
    `/?${'a=1&'.repeat(rnd.int(100, 2500))}`,
  ]
}

const BAD_HOSTS = ['', 'bad host', 'evil.example', '127.0.0.1:99999', '[::1', 'a'.repeat(300), '..', 'x_y', 'localhost:3000/path', '127.0.0.1:1']

function pagePath(rnd: Random, target: FuzzTarget): string {
  return rnd.pick([
    '/',
    '/en',
    '/fr/',
    '/produkte/',
    '/produkte/seilwinden/',
    '/en/products/winches/',
    '/ersatzteile/kranersatzteile/',
    target.productPath,
    `/en${target.productPath}`,
    `/detail/${target.productId}`,
    `/detail/${hex(rnd)}`,
    '/detail/..%2f..%2fetc',
    '/toc',
    '/en/privacy',
    '/fr/shipping',
    '/datenschutzerklaerung/',
    '/manufacturer',
    `/manufacturer/${hex(rnd)}`,
    '/manufacturer/%00',
    '/product-finder',
    '/product-finder?manufacturer=Nordholz&type=%00',
    '/robots.txt',
    '/sitemap.xml',
    '/healthz',
    '/readyz',
    '/checkout/cart',
    '/account',
    '/favicon.ico',
    '/assets/missing.js',
    '/media/product/fs-10001.jpg',
    '/media/..%2f..%2fdemo-store.sqlite',
    '/media/%00',
    '/produkte.data',
    '/produkte/?_data=routes%2Fcontent-de',
    '/produkte/?p=-1&limit=999999&order=x',
    '/produkte/?properties=|||&manufacturer=zz&min-price=abc&rating=NaN',
    `/produkte/?p=${oddValue(rnd)}&limit=${oddValue(rnd)}&order=${oddValue(rnd)}`,
  ])
}

function randomPath(rnd: Random, target: FuzzTarget): string {
  switch (rnd.int(0, 9)) {
    case 0:
    case 1:
    case 2:
      return pagePath(rnd, target)
    case 3:
      return rnd.pick(['/consent', '/change-language/en', '/change-language/fr', '/change-language/xx', '/change-language/%00', '/en/consent'])
    case 4: {
      const term = encodeURIComponent(rnd.chance(0.15) ? 'Säge '.repeat(rnd.int(50, 1500)) : rnd.pick(SEARCH_TERMS))
      const extra = rnd.chance(0.3) ? `&p=${oddValue(rnd)}&limit=${oddValue(rnd)}&order=${oddValue(rnd)}` : ''
      return `${rnd.pick(['/search', '/en/search', '/search-suggest', '/fr/search-suggest'])}?search=${term}${extra}`
    }
    case 5: {
      const src = encodeURIComponent(
        rnd.chance(0.1) ? `/media/product/${'a'.repeat(2100)}.jpg` : rnd.pick(THUMBNAIL_SOURCES),
      )
      const w = rnd.pick(['1', '120', '320', '640', '2560', '2561', '0', '-1', 'abc', '1e3', '99999', ''])
      const extra = rnd.pick(['', '&format=webp', '&format=avif', '&format=png', '&format=gif', '&fit=cover&h=100', '&q=0', '&blur=0.1', '&bg=zzz', '&unknown=1'])
      return `/thumbnail/?src=${src}&w=${w}${extra}`
    }
    case 6:
    case 7: {
      const path = rnd
        .pick(STORE_API_PATHS)
        .replace('{category}', target.categoryId)
        .replace('{product}', rnd.chance(0.7) ? target.productId : hex(rnd))
      const query = rnd.chance(0.3) ? `?search=${encodeURIComponent(rnd.pick(SEARCH_TERMS))}&limit=${oddValue(rnd)}` : ''
      return `/store-api/${path}${query}`
    }
    case 8:
      return rnd.pick(oddPaths(rnd))
    default:
      return pagePath(rnd, target)
  }
}

function formBody(rnd: Random, target: FuzzTarget): string {
  return rnd.pick([
    `intent=add-to-cart&productId=${target.productId}&quantity=${oddValue(rnd)}`,
    `intent=add-to-cart&productId=${hex(rnd)}&quantity=1`,
    `intent=add-to-cart&productId=${oddValue(rnd)}&quantity=1`,
    'intent=add-to-cart',
    `intent=${oddValue(rnd)}`,
    'intent=accept-all&redirectTo=%2F%2Fevil.example',
    'intent=save&category=statistics&category=%00&redirectTo=%2Fen',
    `redirectTo=${oddValue(rnd)}`,
    '&&&===&',
    'a=%ZZ%',
    '%',
    `${encodeURIComponent('☃')}=${encodeURIComponent('𝔉')}`,
    Array.from({ length: rnd.int(10, 3000) }, (_, i) => `k${i}=v`).join('&'),
  ])
}

function multipartBody(rnd: Random): { type: string; body: string } {
  const boundary = 'fuzzBoundary'
  return rnd.pick([
    { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd-to-cart\r\n` },
    { type: `multipart/form-data; boundary=${boundary}`, body: `--other\r\n\r\nbroken` },
    { type: 'multipart/form-data', body: `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${boundary}--\r\n` },
    { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="../../x.sh"\r\nContent-Type: application/x-sh\r\n\r\n#!/bin/sh\r\n--${boundary}--\r\n` },
    { type: `multipart/form-data; boundary=${boundary}`, body: `--${boundary}\r\nContent-Disposition: garbage\r\n\r\n\r\n--${boundary}--` },
    { type: `multipart/form-data; boundary="${'b'.repeat(200)}"`, body: '--x--' },
  ])
}

const ORIGIN_KINDS = ['same', 'same', 'none', 'foreign', 'null', 'other-port'] as const

export function randomRequest(rnd: Random, target: FuzzTarget): FuzzRequest {
  const method = rnd.pick(METHODS)
  const path = randomPath(rnd, target)
  const headers: Record<string, string> = {}
  const originKind = rnd.pick(ORIGIN_KINDS)
  if (originKind === 'same') headers.origin = target.origin
  else if (originKind === 'foreign') headers.origin = 'https://evil.example'
  else if (originKind === 'null') headers.origin = 'null'
  else if (originKind === 'other-port') headers.origin = 'http://127.0.0.1:1'
  if (rnd.chance(0.12)) {
    headers.host = rnd.pick(BAD_HOSTS)
  }
  if (path.startsWith('/store-api/')) {
    const key = rnd.pick(['valid', 'valid', 'none', 'wrong'])
    if (key === 'valid') headers['sw-access-key'] = target.accessKey
    else if (key === 'wrong') headers['sw-access-key'] = rnd.pick(['SWSCWRONGKEY', '', '%00', 'a'.repeat(500)])
    if (rnd.chance(0.3)) headers['sw-context-token'] = rnd.pick([hex(rnd), '', '../../', 'a'.repeat(300)])
    if (rnd.chance(0.2)) headers['sw-language-id'] = rnd.pick([hex(rnd), 'de-DE', ''])
    if (rnd.chance(0.2)) headers['sw-include-seo-urls'] = rnd.pick(['true', '1', 'x'])
  }
  if (rnd.chance(0.2)) {
    headers.cookie = rnd.pick([
      `sw-context-token=${hex(rnd)}`,
      'sw-context-token=%00%00',
      `sw-context-token=${'a'.repeat(4000)}`,
      'flash=garbage.signature',
      'flash=W10.abc; locale=xx',
      'locale=en; cookie-consent=%7B%22broken',
      ';;;=;',
    ])
  }
  if (rnd.chance(0.2)) headers['accept-language'] = rnd.pick(['en', 'fr-FR,fr;q=0.9', 'xx', '*', ';q=abc', 'de-DE'.repeat(200)])
  if (rnd.chance(0.15)) headers.accept = rnd.pick(['application/json', 'text/x-script', '*/*;q=x'])
  // A fresh valid id is taken over by the shop as the request's id; keep them unique, the log lines are found by it.
  if (rnd.chance(0.05)) headers['x-request-id'] = rnd.chance(0.5) ? 'not-a-uuid' : `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-a${hex(rnd, 3)}-${hex(rnd, 12)}`
  if (rnd.chance(0.05)) headers['x-forwarded-host'] = 'evil.example'

  const req: FuzzRequest = { method, path, headers }
  const sendsBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? rnd.chance(0.9) : rnd.chance(0.05)
  if (!sendsBody) return req
  const kind = rnd.int(0, 9)
  if (kind <= 3) {
    headers['content-type'] = rnd.chance(0.85) ? 'application/x-www-form-urlencoded' : rnd.pick(['application/x-www-form-urlencoded; charset=utf-16', 'application/x-www-form-urlencoded;;;'])
    req.body = formBody(rnd, target)
  } else if (kind <= 5) {
    headers['content-type'] = rnd.pick(['application/json', 'application/json; charset=latin1', 'application/vnd.api+json'])
    req.body = rnd.pick(JSON_BODIES)
  } else if (kind === 6) {
    const { type, body } = multipartBody(rnd)
    headers['content-type'] = type
    req.body = body
  } else if (kind === 7) {
    headers['content-type'] = rnd.pick(['text/plain', 'x/y; ;;', '', 'application/octet-stream'])
    req.body = rnd.pick(['hello', '\u0000\u0001\u0002', '☃'.repeat(100)])
  } else if (kind === 8 && rnd.chance(0.25)) {
    // Huge: over the guard's 1 MiB form limit (and the demo store's 1 MB JSON limit).
    const size = rnd.int(1_100_000, 3_000_000)
    const json = rnd.chance(0.3)
    headers['content-type'] = json ? 'application/json' : 'application/x-www-form-urlencoded'
    req.body = json ? `{"a":"${'x'.repeat(size)}"}` : `a=${'x'.repeat(size)}`
    req.bodyNote = `<${size} bytes of ${json ? 'JSON' : 'a=xxx…'}>`
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    req.body = formBody(rnd, target)
  }
  return req
}

/**
 * The fixed part of every run: each odd path, thumbnail source, search term, bad Host header and
 * method at least once, and huge bodies, so no run depends on the dice for these.
 */
export function corpus(target: FuzzTarget): FuzzRequest[] {
  const fixed = random(1)
  const get = (path: string, headers: Record<string, string> = {}): FuzzRequest => ({ method: 'GET', path, headers })
  const hugeForm = `a=${'x'.repeat(2_000_000)}`
  const hugeJson = `{"term":"${'x'.repeat(2_000_000)}"}`
  return [
    ...oddPaths(fixed).map((path) => get(path)),
    ...THUMBNAIL_SOURCES.map((src) => get(`/thumbnail/?src=${encodeURIComponent(src)}&w=320`)),
    ...SEARCH_TERMS.map((term) => get(`/search?search=${encodeURIComponent(term)}`)),
    ...BAD_HOSTS.map((host) => get('/', { host })),
    ...[...new Set(METHODS)].map((method): FuzzRequest => ({ method, path: '/produkte/', headers: { origin: target.origin } })),
    { method: 'POST', path: target.productPath, headers: { origin: target.origin, 'content-type': 'application/x-www-form-urlencoded' }, body: hugeForm, bodyNote: '<2 MB form a=xxx…>' },
    {
      method: 'POST',
      path: '/store-api/search',
      headers: { 'sw-access-key': target.accessKey, 'content-type': 'application/json' },
      body: hugeJson,
      bodyNote: '<2 MB JSON {"term":"xxx…"}>',
    },
  ]
}

/** A shell line that sends the same request again (huge bodies shown by their size). */
export function reproduce(origin: string, req: FuzzRequest): string {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`
  const parts = ['curl', '-sS', '-i', '--path-as-is', '-X', req.method]
  const shorten = (value: string) => (value.length > 200 ? `${value.slice(0, 80)}…(${value.length} chars)` : value)
  for (const [name, value] of Object.entries(req.headers)) parts.push('-H', quote(`${name}: ${shorten(value)}`))
  if (req.body !== undefined) parts.push('--data-binary', req.bodyNote ? quote(req.bodyNote) : quote(req.body.length > 600 ? `${req.body.slice(0, 600)}…(${req.body.length} bytes)` : req.body))
  const url = `${origin}${req.path}`
  parts.push(quote(url.length > 400 ? `${url.slice(0, 400)}…(${url.length} chars)` : url))
  return parts.join(' ')
}

export async function fuzz(target: FuzzTarget, options: { seed: number; count: number; concurrency: number; timeoutMs: number }): Promise<FuzzResult> {
  const rnd = random(options.seed)
  const fixed = corpus(target)
  const requests = [...fixed, ...Array.from({ length: Math.max(0, options.count - fixed.length) }, () => randomRequest(rnd, target))]
  const result: FuzzResult = { requests: 0, histogram: {}, serverErrors: [], throttled: 0, clientErrors: [] }
  let nextIndex = 0
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (nextIndex < requests.length) {
        const req = requests[nextIndex++]!
        const answer = await request(`${target.origin}${req.path}`, {
          method: req.method,
          headers: req.headers,
          body: req.body,
          timeoutMs: options.timeoutMs,
          maxBodyBytes: 4_096,
        })
        result.requests += 1
        const key = answer.status !== undefined ? String(answer.status) : answer.error ?? 'error'
        result.histogram[key] = (result.histogram[key] ?? 0) + 1
        if (answer.status === undefined) result.clientErrors.push({ request: req, answer })
        else if (answer.status === 503 && req.path.startsWith('/thumbnail/') && answer.headers['retry-after'] !== undefined) result.throttled += 1
        else if (answer.status >= 500) result.serverErrors.push({ request: req, answer })
      }
    }),
  )
  return result
}
