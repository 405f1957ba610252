import type { Evidence, RecordedResponse, RuleId } from './check-types.ts'
import type { NormalizedCheckOptions } from './check-options.ts'
import { curlLine } from './curl-line.ts'
import { ProbeError, isProbeError } from './probe-error.ts'
import { readCappedBody } from './read-capped-body.ts'
import { retryAfterMs } from './retry-after.ts'

export type Credential = 'token' | 'readonly' | 'wrong' | 'none'

export interface ProbeRequest {
  method?: string
  /** Absolute, or relative to the base URL. */
  url: string | URL
  /** @default 'token' (sent only when one was given, and only to the base URL's origin) */
  auth?: Credential
  headers?: Record<string, string>
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown
  /** Sent as is (with `Content-Type: application/json` unless `headers` says otherwise). */
  body?: string
  /** Wait for a 429's or 503's `Retry-After` and try again. @default true */
  honourRetryAfter?: boolean
  /** `false`: keep a success out of the run's journal and the rule's evidence (bulk probing). @default true */
  record?: boolean
}

/** A response, read to the end (up to the cap), with its recorded evidence. */
export interface Exchange {
  method: string
  url: URL
  status: number
  headers: Headers
  text: string
  /** The parsed body, `undefined` when it is not JSON. */
  json: unknown
  evidence: Evidence
}

export interface Probe {
  send(request: ProbeRequest): Promise<Exchange>
  /** Requests sent so far by this probe. */
  readonly used: number
  readonly evidence: Evidence[]
}

export interface ProbeScope {
  options: NormalizedCheckOptions
  ruleId: RuleId | null
  budget: number
  signal: AbortSignal
  journal: Exchange[]
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const EVIDENCE_BODY_CHARS = 4_096
/** Kept per rule; a rule's failure cites its own steps, so a long probe keeps only the last ones. */
const EVIDENCE_PER_RULE = 30

/** Sends a rule's requests: bounded in count, time, body size and redirects; the token stays home. */
export function createProbe(scope: ProbeScope): Probe {
  const { options } = scope
  const evidence: Evidence[] = []
  let used = 0
  const secrets: [string, string][] = []
  if (options.token) secrets.push([options.token, '$TOKEN'])
  if (options.tokenReadonly)
    secrets.push([options.tokenReadonly, '$TOKEN_READONLY'])
  const mask = (text: string) =>
    secrets.reduce((out, [secret, name]) => out.replaceAll(secret, name), text)

  const credentialFor = (auth: Credential) =>
    auth === 'token'
      ? options.token && ([options.token, '$TOKEN'] as const)
      : auth === 'readonly'
        ? options.tokenReadonly &&
          ([options.tokenReadonly, '$TOKEN_READONLY'] as const)
        : auth === 'wrong'
          ? ([
              'hypermock-check-invalid-token',
              'hypermock-check-invalid-token',
            ] as const)
          : null

  async function once(
    method: string,
    url: URL,
    request: ProbeRequest,
    body: string | undefined,
  ) {
    if (scope.signal.aborted)
      throw new ProbeError('cancelled', 'the rule ran out of time')
    if (used >= scope.budget)
      throw new ProbeError(
        'budget',
        `the rule used up its budget of ${scope.budget} requests`,
      )
    used++
    const headers: Record<string, string> = { ...request.headers }
    if (
      body !== undefined &&
      !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
    )
      headers['Content-Type'] = 'application/json'
    const recorded: Record<string, string> = { ...headers }
    const credential = credentialFor(request.auth ?? 'token')
    // The credential is for the server under test alone: a link or redirect elsewhere goes without it.
    if (credential && url.origin === options.baseUrl.origin) {
      headers.Authorization = `Bearer ${credential[0]}`
      recorded.Authorization = `Bearer ${credential[1]}`
    }
    const entry: Evidence = {
      request: {
        method,
        url: mask(url.href),
        headers: recorded,
        ...(body !== undefined && { body: mask(body) }),
      },
      response: null,
      curl: '',
    }
    entry.curl = curlLine(entry.request)
    if (request.record !== false) keep(entry)
    const timeout = AbortSignal.timeout(options.requestTimeoutMs)
    const signal = AbortSignal.any([scope.signal, timeout])
    const started = performance.now()
    try {
      const response = await options.fetch(url, {
        method,
        headers: {
          Accept: 'application/json, application/problem+json;q=0.9, */*;q=0.5',
          ...headers,
        },
        ...(body !== undefined && { body }),
        redirect: 'manual',
        signal,
      })
      const bytes = await readCappedBody(response, options.maxBodyBytes)
      const text = new TextDecoder().decode(bytes)
      const recordedResponse: RecordedResponse = {
        status: response.status,
        headers: Object.fromEntries(
          [...response.headers].map(([k, v]) => [k, mask(v)]),
        ),
        durationMs: Math.round(performance.now() - started),
      }
      if (text !== '') {
        recordedResponse.body = mask(text.slice(0, EVIDENCE_BODY_CHARS))
        if (text.length > EVIDENCE_BODY_CHARS)
          recordedResponse.bodyTruncated = true
      }
      entry.response = recordedResponse
      const exchange: Exchange = {
        method,
        url,
        status: response.status,
        headers: response.headers,
        text,
        json: parseJson(text),
        evidence: entry,
      }
      // The journal keeps parsed bodies of modest size only: it lives as long as the run.
      const recordIt = request.record !== false || response.status >= 300
      if (request.record === false && recordIt) keep(entry)
      if (recordIt)
        scope.journal.push({
          ...exchange,
          text: '',
          json: text.length <= 65_536 ? exchange.json : undefined,
        })
      options.onEvent({
        type: 'request:end',
        ruleId: scope.ruleId,
        method,
        url: mask(url.href),
        status: response.status,
      })
      return exchange
    } catch (error) {
      const failure = isProbeError(error)
        ? error
        : timeout.aborted
          ? new ProbeError(
              'timeout',
              `no complete response within ${options.requestTimeoutMs} ms`,
            )
          : scope.signal.aborted
            ? new ProbeError('cancelled', 'the rule ran out of time')
            : new ProbeError(
                'network',
                `the request failed: ${describe(error)}`,
              )
      entry.error = failure.message
      if (request.record === false) keep(entry)
      options.onEvent({
        type: 'request:end',
        ruleId: scope.ruleId,
        method,
        url: mask(url.href),
        status: null,
      })
      throw failure
    }
  }

  function keep(entry: Evidence) {
    evidence.push(entry)
    if (evidence.length > EVIDENCE_PER_RULE) evidence.shift()
  }

  async function send(request: ProbeRequest): Promise<Exchange> {
    let method = (request.method ?? 'GET').toUpperCase()
    let url = new URL(request.url, `${options.baseUrl.href}/`)
    let body =
      request.json !== undefined ? JSON.stringify(request.json) : request.body
    let redirects = 0
    let waits = 0
    for (;;) {
      const exchange = await once(method, url, request, body)
      const location = exchange.headers.get('location')
      if (
        REDIRECTS.has(exchange.status) &&
        location !== null &&
        (method === 'GET' || method === 'HEAD')
      ) {
        if (++redirects > options.maxRedirects)
          throw new ProbeError(
            'redirect-loop',
            `more than ${options.maxRedirects} redirects, the last to ${location}`,
          )
        url = new URL(location, url)
        continue
      }
      if (exchange.status === 303 && location !== null) {
        method = 'GET'
        body = undefined
        url = new URL(location, url)
        continue
      }
      const wait = retryAfterMs(exchange.headers.get('retry-after'), Date.now())
      if (
        (exchange.status === 429 || exchange.status === 503) &&
        wait !== null &&
        request.honourRetryAfter !== false
      ) {
        if (wait > options.maxRetryAfterSeconds * 1000 || waits >= 2)
          throw new ProbeError(
            'rate-limited',
            `the server asked to wait ${Math.ceil(wait / 1000)} s (Retry-After) and the checker stopped`,
          )
        waits++
        await options.sleep(wait, scope.signal).catch(() => {
          throw new ProbeError(
            'cancelled',
            'the rule ran out of time while honouring Retry-After',
          )
        })
        continue
      }
      return exchange
    }
  }

  return {
    send,
    get used() {
      return used
    },
    evidence,
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return (
    cause?.code ?? cause?.message ?? (error as Error).message ?? String(error)
  )
}
