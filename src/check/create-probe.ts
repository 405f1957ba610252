import type { Evidence } from './check-types.ts'
import { createCredentials } from './credentials.ts'
import type {
  Exchange,
  Probe,
  ProbeRequest,
  ProbeScope,
} from './probe-types.ts'
import { ProbeError } from './probe-error.ts'
import { retryAfterMs } from './retry-after.ts'
import { sendOnce, type ProbeState } from './send-once.ts'

export type {
  Credential,
  Exchange,
  Probe,
  ProbeRequest,
  ProbeScope,
} from './probe-types.ts'

const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** Kept per rule; a rule's failure cites its own steps, so a long probe keeps only the last ones. */
const EVIDENCE_PER_RULE = 30

/**
 * Sends a rule's requests: follows redirects up to the limit (a GET's; a 303 turns anything into a
 * GET), and waits out a 429's or 503's `Retry-After` twice at most.
 */
export function createProbe(scope: ProbeScope): Probe {
  const { options } = scope
  const evidence: Evidence[] = []
  const state: ProbeState = {
    scope,
    credentials: createCredentials(options),
    used: 0,
    keep(entry) {
      evidence.push(entry)
      if (evidence.length > EVIDENCE_PER_RULE) evidence.shift()
    },
  }

  let expectation: string | null = null
  async function send(request: ProbeRequest): Promise<Exchange> {
    if (request.expect) expectation = request.expect
    let method = (request.method ?? 'GET').toUpperCase()
    // A relative URL goes below the base URL's path, whether it ends with a slash or not.
    const base = options.baseUrl.href
    let url = new URL(request.url, base.endsWith('/') ? base : `${base}/`)
    let body =
      request.json !== undefined ? JSON.stringify(request.json) : request.body
    let redirects = 0
    let waits = 0
    for (;;) {
      const exchange = await sendOnce(state, method, url, request, body)
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
        for (const entry of scope.journal)
          if (entry.evidence === exchange.evidence) entry.retried = true
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
      return state.used
    },
    evidence,
    get expectation() {
      return expectation
    },
  }
}
