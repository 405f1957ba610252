import type { RuleResult } from './check-types.ts'
import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import { createProbe, type Exchange } from './create-probe.ts'
import type { Discovery } from './discovery-types.ts'
import { isProbeError } from './probe-error.ts'
import type { Rule, RuleOutcome } from './rule.ts'
import type { RuleId } from './rule-registry.ts'
import {
  rememberCreated,
  type CreatedRecords,
  type RecordHome,
} from './clean-up.ts'

/**
 * One rule within its request budget and time-out. A request that ends without a response fails the
 * rule with the reason (the server's doing), unless the checker's own limit ended it (then it is skipped).
 */
export async function runRule(
  rule: Rule<RuleId>,
  options: NormalizedCheckOptions,
  discovery: Discovery,
  journal: Exchange[],
  created: CreatedRecords,
): Promise<RuleResult> {
  const started = performance.now()
  const timeout = AbortSignal.timeout(options.ruleTimeoutMs)
  const signal = options.signal
    ? AbortSignal.any([options.signal, timeout])
    : timeout
  const budget =
    rule.id === 'rate-limit-429' && options.probeRateLimit !== null
      ? options.probeRateLimit + options.ruleRequestBudget
      : rule.id === 'generated-requests'
        ? Math.max(options.generatedRequests, options.ruleRequestBudget)
        : options.ruleRequestBudget
  const remember = (response: Exchange, home: RecordHome) =>
    rememberCreated(created, response, home, options.baseUrl)
  const homeOf = (url: URL): RecordHome => {
    const path = url.pathname.replace(/\/+$/, '')
    const collection = discovery.collections.find(
      (c) =>
        c.url.origin === url.origin &&
        c.url.pathname.replace(/\/+$/, '') === path,
    )
    return collection ?? { url, itemRoute: null }
  }
  const probe = createProbe({
    options,
    ruleId: rule.id,
    budget,
    signal,
    journal,
    // Whatever a write created, by a create or by following a link, is deleted at the end, or
    // listed when it cannot be found: a 201, or any success of a POST to a collection.
    onResponse: (exchange) => {
      if (exchange.method !== 'POST') return
      const home = homeOf(exchange.url)
      if (exchange.status === 201 || (exchange.status < 300 && 'read' in home))
        remember(exchange, home)
    },
    // A create that got no answer may have made a record all the same: the report says so.
    // The clean-up looks for it by the key it sent or in the collection's list, and says what it found.
    onNoAnswer: (method, url, reason, body) => {
      const home = homeOf(url)
      if (method === 'POST' && 'read' in home)
        created.unanswered.push({ url, body, reason, home })
    },
  })
  const context = {
    options,
    discovery,
    probe,
    journal,
    created: remember,
  }
  let outcome: RuleOutcome
  try {
    outcome = await Promise.race([
      rule.run(context),
      new Promise<never>((_, reject) =>
        signal.addEventListener(
          'abort',
          () =>
            // The caller's own abort ends the run with its reason; the rule's time-out is a verdict.
            reject(
              timeout.aborted
                ? new Error(
                    `the rule did not finish within ${options.ruleTimeoutMs} ms`,
                  )
                : signal.reason,
            ),
          {
            once: true,
          },
        ),
      ),
    ])
  } catch (error) {
    // The caller cancelled the run: no verdict, the run ends.
    if (options.signal?.aborted) throw options.signal.reason
    const message = (error as Error).message
    if (
      isProbeError(error) &&
      (error.kind === 'budget' ||
        error.kind === 'cancelled' ||
        error.kind === 'rate-limited' ||
        error.kind === 'writes-not-allowed' ||
        error.kind === 'method-excluded' ||
        error.kind === 'another-origin')
    )
      outcome = { status: 'skip', reason: message }
    else if (isProbeError(error) || timeout.aborted)
      outcome = {
        status: 'fail',
        expected: probe.expectation ?? 'a complete response',
        actual: message,
      }
    else throw error
  }
  const base = {
    id: rule.id,
    level: rule.level,
    source: rule.source,
    title: rule.title,
    requests: probe.used,
    durationMs: Math.round(performance.now() - started),
  }
  if (outcome.status === 'fail')
    return {
      ...base,
      status: 'fail',
      reason: null,
      expected: outcome.expected,
      actual: outcome.actual,
      evidence: outcome.steps ?? [...probe.evidence],
    }
  return {
    ...base,
    status: outcome.status,
    reason: outcome.reason ?? null,
    evidence: [...probe.evidence],
  }
}
