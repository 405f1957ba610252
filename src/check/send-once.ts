import type { Evidence, RecordedResponse } from './check-types.ts'
import type { Credentials } from './credentials.ts'
import { curlLine } from './curl-line.ts'
import type { Exchange, ProbeRequest, ProbeScope } from './probe-types.ts'
import { ProbeError, isProbeError } from './probe-error.ts'
import { readCappedBody } from './read-capped-body.ts'

const EVIDENCE_BODY_CHARS = 4_096
/** The methods a read-only run sends: none of them changes state. */
export const SAFE_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'OPTIONS',
])
/** Parsed bodies up to this size stay in the run's journal for the journal rules. */
const JOURNAL_JSON_CHARS = 16_384

/** What one probe keeps between its requests. */
export interface ProbeState {
  scope: ProbeScope
  credentials: Credentials
  used: number
  keep(entry: Evidence): void
}

/**
 * One request, no redirect followed: within the budget and the time-out, the body read up to the
 * cap, the credential only for the base URL's origin, and recorded with every secret masked.
 */
export async function sendOnce(
  probe: ProbeState,
  method: string,
  url: URL,
  request: ProbeRequest,
  body: string | undefined,
) {
  const { scope } = probe
  const { options } = scope
  if (scope.signal.aborted)
    throw new ProbeError('cancelled', 'the rule ran out of time')
  // Read-only means read-only: a write is refused here, before it is sent, whatever a rule asks.
  if (!options.allowWrites && !SAFE_METHODS.has(method))
    throw new ProbeError(
      'writes-not-allowed',
      `writes not allowed: the rule needs ${method} ${url.href}; rerun with --allow-writes (each record created is deleted afterwards)`,
    )
  // Discovery (no rule) reads whatever --include-method says; a rule sends only the methods given.
  if (
    scope.ruleId !== null &&
    options.includeMethods !== null &&
    !options.includeMethods.includes(method)
  )
    throw new ProbeError(
      'method-excluded',
      `the rule needs ${method} ${url.href}, and --include-method allows only ${options.includeMethods.join(', ')}`,
    )
  // Nothing goes to another origin: a link or redirect there is not followed.
  if (url.origin !== options.baseUrl.origin && !request.anyOrigin)
    throw new ProbeError(
      'another-origin',
      `${url.href} is on another origin than ${options.baseUrl.origin}: not sent`,
    )
  if (probe.used >= scope.budget)
    throw new ProbeError(
      'budget',
      `the rule used up its budget of ${scope.budget} requests`,
    )
  probe.used++
  const headers: Record<string, string> = { ...request.headers }
  if (
    body !== undefined &&
    !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
  )
    headers['Content-Type'] = 'application/json'
  const recorded: Record<string, string> = { ...headers }
  const credential = probe.credentials.credentialFor(request.auth ?? 'token')
  // The credential is for the server under test alone: a link or redirect elsewhere goes without it.
  if (credential && url.origin === options.baseUrl.origin) {
    headers.Authorization = `Bearer ${credential[0]}`
    recorded.Authorization = `Bearer ${credential[1]}`
  }
  const entry: Evidence = {
    request: {
      method,
      url: probe.credentials.mask(url.href),
      headers: recorded,
      ...(body !== undefined && { body: probe.credentials.mask(body) }),
    },
    response: null,
    curl: '',
  }
  entry.curl = curlLine(entry.request)
  if (request.record !== false) probe.keep(entry)
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
        [...response.headers].map(([k, v]) => [k, probe.credentials.mask(v)]),
      ),
      durationMs: Math.round(performance.now() - started),
    }
    if (text !== '') {
      recordedResponse.body = probe.credentials.mask(
        text.slice(0, EVIDENCE_BODY_CHARS),
      )
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
    if (request.record === false && recordIt) probe.keep(entry)
    if (recordIt && request.journal !== false)
      scope.journal.push({
        ...exchange,
        text: '',
        json: text.length <= JOURNAL_JSON_CHARS ? exchange.json : undefined,
      })
    options.onEvent({
      type: 'request:end',
      ruleId: scope.ruleId,
      method,
      url: probe.credentials.mask(url.href),
      status: response.status,
    })
    scope.onResponse?.(exchange)
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
          : new ProbeError('network', `the request failed: ${describe(error)}`)
    entry.error = failure.message
    // A request refused before it was sent (budget, writes not allowed) changed nothing.
    if (entry.response === null)
      scope.onNoAnswer?.(method, url, failure.message, body)
    if (request.record === false) probe.keep(entry)
    options.onEvent({
      type: 'request:end',
      ruleId: scope.ruleId,
      method,
      url: probe.credentials.mask(url.href),
      status: null,
    })
    throw failure
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
