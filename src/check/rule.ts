import type { Evidence, RuleId, RuleLevel } from './check-types.ts'
import type { NormalizedCheckOptions } from './check-options.ts'
import type { Exchange, Probe } from './create-probe.ts'
import type { DiscoveredCollection, Discovery } from './discovery.ts'

export type RuleOutcome =
  | { status: 'pass'; reason?: string }
  | { status: 'skip'; reason: string }
  | { status: 'fail'; expected: string; actual: string; steps?: Evidence[] }

export interface RuleContext {
  options: NormalizedCheckOptions
  discovery: Discovery
  probe: Probe
  /** Every exchange of the run so far, this rule's included. */
  journal: readonly Exchange[]
  /** Remembers a record the rule created, so the run deletes it at the end; its URL, if known. */
  created(response: Exchange, collection: DiscoveredCollection): URL | null
}

export interface Rule {
  id: RuleId
  level: RuleLevel
  source: string
  title: string
  /**
   * `probe` runs after the others and after the clean-up (it may exhaust the caller's quota);
   * `journal` rules judge every response of the run, so they run last of all.
   */
  phase?: 'probe' | 'journal'
  run(context: RuleContext): Promise<RuleOutcome>
}

export const pass = (reason?: string): RuleOutcome =>
  reason === undefined ? { status: 'pass' } : { status: 'pass', reason }

export const skip = (reason: string): RuleOutcome => ({
  status: 'skip',
  reason,
})

/** A failure; `steps` are the exchanges that show it, in order (default: every step of the rule). */
export const fail = (
  expected: string,
  actual: string,
  steps?: (Exchange | Evidence)[],
): RuleOutcome => ({
  status: 'fail',
  expected,
  actual,
  ...(steps && {
    steps: steps.map((step) => ('evidence' in step ? step.evidence : step)),
  }),
})

/** A short, one-line description of a response for "what came back". */
export function describeResponse(exchange: Exchange): string {
  const type = exchange.headers.get('content-type') ?? 'no Content-Type'
  const text =
    exchange.json !== undefined
      ? JSON.stringify(exchange.json)
      : (exchange.evidence.response?.body ?? '')
  const body = text === '' ? 'no body' : text.replace(/\s+/g, ' ').slice(0, 200)
  return `${exchange.status} (${type}): ${body}`
}
