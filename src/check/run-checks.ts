import type { Baseline } from './baseline.ts'
import type { CheckReport, RuleResult, WriteRecord } from './check-types.ts'
import { SAFE_METHODS } from './send-once.ts'
import { normalizeCheckOptions, type CheckOptions } from './check-options.ts'
import { cleanUp, createdRecords, scopedProbe } from './clean-up.ts'
import type { Exchange } from './create-probe.ts'
import { discover, NothingToCheckError } from './discover.ts'
import type { Discovery } from './discovery-types.ts'
import { exitCodeFor } from './exit-code.ts'
import { isProbeError } from './probe-error.ts'
import { runRule } from './run-rule.ts'
import { rules } from './rule-registry.ts'

const DISCOVERY_BUDGET = 60

/** A failure the baseline lists is kept as a failure, marked accepted (it no longer fails the run). */
function accept(result: RuleResult, baseline: Baseline | null): RuleResult {
  if (result.status !== 'fail' || !baseline) return result
  const entry = baseline.accepted.find((a) => a.rule === result.id)
  if (!entry) return result
  return {
    ...result,
    accepted: true,
    ...(entry.note !== undefined && { acceptedNote: entry.note }),
  }
}

/**
 * Runs the conventions' rules against a live server over HTTP and returns a typed report. Read-only
 * unless `allowWrites`; the credential goes to the base URL's origin only and never into the report.
 * Throws `CheckArgumentError` for options it cannot run with.
 *
 * @example
 * const report = await runChecks({ baseUrl: 'http://127.0.0.1:8787/api', token: 'customer-1-token' })
 * expect(report.rules.filter((rule) => rule.status === 'fail')).toEqual([])
 */
export async function runChecks(input: CheckOptions): Promise<CheckReport> {
  const options = normalizeCheckOptions(input)
  const writes: WriteRecord[] = []
  const onEvent = options.onEvent
  options.onEvent = (event) => {
    if (event.type === 'request:end' && !SAFE_METHODS.has(event.method))
      writes.push({
        ruleId: event.ruleId,
        method: event.method,
        url: event.url,
        status: event.status,
      })
    onEvent(event)
  }
  const started = Date.now()
  const journal: Exchange[] = []
  const report: CheckReport = {
    reportVersion: 1,
    baseUrl: options.baseUrl.href,
    startedAt: new Date(started).toISOString(),
    durationMs: 0,
    strict: options.strict,
    allowWrites: options.allowWrites,
    exitCode: 2,
    error: null,
    summary: { pass: 0, fail: 0, skip: 0, accepted: 0 },
    generation: { seed: options.seed, requests: options.generatedRequests },
    includeMethods: options.includeMethods,
    createBodies: [],
    discovery: {
      collections: [],
      items: [],
      actions: [],
      openapi: null,
      notFollowed: [],
    },
    rules: [],
    writes,
    cleanup: [],
  }
  const finish = () => {
    report.durationMs = Date.now() - started
    report.exitCode = exitCodeFor(report)
    return report
  }

  options.onEvent({ type: 'discovery:start', url: options.baseUrl.href })
  let discovery: Discovery
  try {
    discovery = await discover(
      options,
      scopedProbe(options, journal, DISCOVERY_BUDGET),
    )
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason
    if (!(error instanceof NothingToCheckError) && !isProbeError(error))
      throw error
    report.error = error.message
    return finish()
  }
  report.discovery = {
    collections: discovery.collections.map((c) => c.url.href),
    items: discovery.collections.flatMap((c) => c.items.map((i) => i.url.href)),
    actions: discovery.collections.flatMap((c) =>
      c.items.flatMap((i) =>
        i.actions.map((a) => ({
          rel: a.rel,
          method: a.method ?? 'POST',
          href: new URL(a.href, i.url).href,
        })),
      ),
    ),
    openapi: discovery.openapiUrl ?? (discovery.openapi ? 'given' : null),
    notFollowed: discovery.notFollowed,
  }

  const chosen = rules.filter((rule) => options.rules.includes(rule.id))
  const created = createdRecords()
  const results = new Map<string, RuleResult>()
  const phases = [
    chosen.filter((r) => !r.phase),
    chosen.filter((r) => r.phase === 'generate'),
    chosen.filter((r) => r.phase === 'probe'),
    chosen.filter((r) => r.phase === 'journal'),
  ]
  const total = chosen.length
  let index = 0
  for (const [phase, group] of phases.entries()) {
    // Records are deleted before the rate-limit probe can use up the quota the deletes need.
    if (phase === 2) report.cleanup = await cleanUp(options, journal, created)
    for (const rule of group) {
      options.onEvent({ type: 'rule:start', id: rule.id, index, total })
      const result = accept(
        await runRule(rule, options, discovery, journal, created),
        options.baseline,
      )
      results.set(rule.id, result)
      report.summary[result.status]++
      if (result.accepted)
        report.summary.accepted = (report.summary.accepted ?? 0) + 1
      options.onEvent({ type: 'rule:end', result, index, total })
      index++
    }
  }
  report.rules = chosen.flatMap((rule) => results.get(rule.id) ?? [])
  report.createBodies = discovery.collections.flatMap((c) =>
    c.createBodyFrom === null
      ? []
      : [
          {
            collection: c.url.href,
            from: c.createBodyFrom,
            note: c.createBodyNote,
          },
        ],
  )
  report.cleanup.push(...(await cleanUp(options, journal, created)))
  return finish()
}
