import { problemCatalogue } from '../../support/shop-fixtures.ts'

/** What a property keeps of one answer once it has been checked. */
export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The parsed body when it is JSON, else undefined. */
  body: unknown
}

/** A V8 stack frame, a source file position, or a path on this machine: none may reach a client. */
const STACK_PATTERNS = [
  /^\s*at\s+(?:async\s+)?\S+\s+\(/m,
  /\bat\s+(?:file|node):/,
  /\.(?:ts|js|mjs|cjs|tsx):\d+:\d+/,
  /node_modules/,
  /\/work\/main/,
  /\b(?:TypeError|ReferenceError|RangeError):/,
]

const NO_BODY_STATUSES = new Set([204, 304])

export class MalformedAnswer extends Error {
  override readonly name = 'MalformedAnswer'
}

function ensure(condition: unknown, what: string, context: () => string) {
  if (!condition) throw new MalformedAnswer(`${what}\n${context()}`)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export interface WellFormedOptions {
  /** Injected faults may answer 500 and drop the connection; without them neither may happen. */
  faultsInjected?: boolean
}

/**
 * Reads a response and asserts the contract's rules for every answer (sections 6, 7, 9): problem
 * documents for errors with the exact Content-Type, no body on 204/304/HEAD, no stack trace in the
 * body or any header, whole-second `Retry-After`, the headers each error type promises.
 */
export async function expectWellFormed(
  request: { method: string; url: string },
  response: Response,
  options: WellFormedOptions = {},
): Promise<Answer> {
  const method = request.method.toUpperCase()
  const headerDump = () =>
    [...response.headers].map(([name, value]) => `  ${name}: ${value}`)
  let text = ''
  const context = () =>
    [
      `request: ${request.method} ${request.url}`,
      `response: ${response.status} ${response.type}`,
      ...headerDump(),
      `  body: ${text.slice(0, 600)}`,
    ].join('\n')

  ensure(
    response.type !== 'error' || options.faultsInjected,
    'a network error without an injected fault',
    context,
  )
  if (response.type === 'error')
    return { status: 0, headers: response.headers, text: '', body: undefined }
  const { status, headers } = response
  ensure(
    Number.isInteger(status) && status >= 200 && status <= 599,
    'status outside 200..599',
    context,
  )
  ensure(
    status !== 500 || options.faultsInjected,
    '500 without an injected fault',
    context,
  )
  const bodyless = method === 'HEAD' || NO_BODY_STATUSES.has(status)
  if (bodyless)
    ensure(response.body === null, `a body on ${method} ${status}`, context)
  text = await response.text()
  if (bodyless) ensure(text === '', `body text on ${method} ${status}`, context)

  for (const pattern of STACK_PATTERNS) {
    ensure(
      !pattern.test(text),
      `stack-like text in the body (${pattern})`,
      context,
    )
    for (const [name, value] of headers)
      ensure(!pattern.test(value), `stack-like text in ${name}`, context)
  }
  ensure(headers.has('Cache-Control'), 'no Cache-Control', context)
  const retryAfter = headers.get('Retry-After')
  if (retryAfter !== null)
    ensure(
      /^[1-9]\d*$/.test(retryAfter),
      'Retry-After not whole seconds ≥ 1',
      context,
    )

  let body: unknown
  const contentType = headers.get('Content-Type')
  if (status >= 400) {
    ensure(
      contentType === 'application/problem+json',
      'an error whose Content-Type is not exactly application/problem+json',
      context,
    )
    ensure(
      headers.get('Cache-Control') === 'no-store',
      'an error that is not no-store',
      context,
    )
    if (!bodyless) {
      body = parseJson(text, context)
      expectProblemBody(body, method, status, headers, context)
    }
  } else if (!bodyless) {
    if (contentType === 'application/json') {
      body = parseJson(text, context)
      if (isRecord(body) && isRecord(body._links)) {
        const self = body._links.self
        ensure(
          isRecord(self) && typeof self.href === 'string',
          'a representation without _links.self.href',
          context,
        )
      }
    } else {
      ensure(
        contentType === 'text/html; charset=utf-8',
        `a 2xx body of type ${contentType}`,
        context,
      )
    }
  }
  if (status === 201) {
    const location = headers.get('Location')
    ensure(
      location?.startsWith('/api/'),
      '201 without a Location under /api',
      context,
    )
    const self = (body as { _links?: { self?: { href?: string } } })._links
      ?.self?.href
    ensure(
      self === location,
      '201 whose Location is not its self link',
      context,
    )
  }
  const rateLimit = headers.get('RateLimit')
  if (rateLimit !== null)
    ensure(
      /^"default";r=\d+;t=[1-9]\d*$/.test(rateLimit) &&
        /^"default";q=\d+;w=\d+$/.test(headers.get('RateLimit-Policy') ?? ''),
      'malformed RateLimit or RateLimit-Policy',
      context,
    )
  expectCaching(method, new URL(request.url).pathname, status, headers, context)
  if (method === 'OPTIONS' && status === 204)
    ensure(headers.get('Allow'), 'OPTIONS without Allow', context)
  return { status, headers, text, body }
}

function parseJson(text: string, context: () => string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    ensure(false, 'a body that is not JSON', context)
  }
}

/** The header a 415 answer names the accepted body type in, by the refused request's method. */
const ACCEPT_HEADER_BY_METHOD: Record<string, string> = {
  POST: 'Accept-Post',
  PATCH: 'Accept-Patch',
}

/** The body types any route here takes: JSON, and JSON Merge Patch for PATCH. */
const ACCEPTED_BODY_TYPES = new Set([
  'application/json',
  'application/merge-patch+json',
])

function expectProblemBody(
  body: unknown,
  method: string,
  status: number,
  headers: Headers,
  context: () => string,
) {
  ensure(isRecord(body), 'a problem body that is not an object', context)
  const problem = body as Record<string, unknown>
  ensure(problem.status === status, 'problem status ≠ HTTP status', context)
  for (const member of ['type', 'title', 'detail', 'instance', 'requestId'])
    ensure(
      typeof problem[member] === 'string' &&
        (problem[member] as string).length > 0,
      `problem member ${member} not a non-empty string`,
      context,
    )
  const type = problem.type as string
  ensure(
    type.startsWith('/api/problems/'),
    'type outside /api/problems/',
    context,
  )
  const slug = type.slice('/api/problems/'.length)
  ensure(
    Object.hasOwn(problemCatalogue, slug),
    `unknown problem type ${slug}`,
    context,
  )
  const entry = problemCatalogue[slug as keyof typeof problemCatalogue]
  ensure(entry.status === status, `${slug} with status ${status}`, context)
  ensure(entry.title === problem.title, `${slug} with another title`, context)
  switch (slug) {
    case 'unauthenticated':
      ensure(
        headers.get('WWW-Authenticate')?.startsWith('Bearer realm="hypermock"'),
        '401 without WWW-Authenticate',
        context,
      )
      break
    case 'forbidden':
      ensure(
        headers.get('WWW-Authenticate')?.includes('insufficient_scope'),
        '403 without insufficient_scope',
        context,
      )
      break
    case 'method-not-allowed': {
      const allow = headers.get('Allow')
      ensure(allow, '405 without Allow', context)
      ensure(
        Array.isArray(problem.allowed) && problem.allowed.join(', ') === allow,
        '405 allowed ≠ Allow',
        context,
      )
      break
    }
    case 'unsupported-media-type':
      {
        const name = ACCEPT_HEADER_BY_METHOD[method] ?? 'Accept'
        ensure(
          ACCEPTED_BODY_TYPES.has(headers.get(name) ?? ''),
          `415 to ${method} without ${name} naming a JSON type`,
          context,
        )
      }
      break
    case 'validation-failed':
    case 'invalid-query':
      ensure(
        Array.isArray(problem.errors) && problem.errors.length > 0,
        `${slug} without errors`,
        context,
      )
      break
    case 'idempotency-key-in-use':
      ensure(
        headers.get('Retry-After') === '1',
        '409 in-use without Retry-After: 1',
        context,
      )
      break
    case 'rate-limited':
      ensure(headers.has('Retry-After'), '429 without Retry-After', context)
      break
    case 'insufficient-funds':
      ensure(
        typeof problem.balance === 'number' &&
          typeof problem.requested === 'number' &&
          typeof problem.accountId === 'number',
        'insufficient-funds without balance/requested/accountId',
        context,
      )
      break
  }
}

/** Contract section 7: which answers may be cached, by whom, and that reads vary by credential. */
function expectCaching(
  method: string,
  path: string,
  status: number,
  headers: Headers,
  context: () => string,
) {
  const cacheControl = headers.get('Cache-Control')
  const read = method === 'GET' || method === 'HEAD'
  if (!read || status >= 400) {
    if (status < 400)
      ensure(
        cacheControl === 'no-store',
        `${method} ${status} not no-store`,
        context,
      )
    return
  }
  if (status !== 200 && status !== 304) return
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path
  const publicDoc =
    trimmed === '/api' ||
    trimmed === '/api/problems' ||
    trimmed.startsWith('/api/problems/')
  if (publicDoc) {
    ensure(
      cacheControl === 'public, max-age=300',
      'a public document not public, max-age=300',
      context,
    )
  } else if (path.startsWith('/api/')) {
    ensure(
      cacheControl === 'private, no-cache',
      'an API read not private, no-cache',
      context,
    )
    ensure(
      headers.get('Vary')?.includes('Authorization'),
      'an API read without Vary: Authorization',
      context,
    )
  } else {
    ensure(cacheControl === 'no-store', 'a control read not no-store', context)
  }
  if (status === 304)
    ensure(headers.has('ETag'), '304 without the ETag', context)
}
