import type { Evidence, RuleLevel } from './check-types.ts'
import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import type { Exchange, Probe } from './create-probe.ts'
import type { DiscoveredCollection, Discovery } from './discovery-types.ts'

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
  created(
    response: Exchange,
    collection: Pick<DiscoveredCollection, 'url' | 'itemRoute'>,
  ): URL | null
}

/** The concept pages a rule cites: `concepts/<page>.md#<rule id>`. */
export type ConceptPage =
  | 'resources'
  | 'links'
  | 'problems'
  | 'validation'
  | 'idempotency'
  | 'retries'
  | 'rate-limits'
  | 'caching'
  | 'authentication'

/** What one rule file declares; `defineRule` derives the rest. */
export interface RuleDefinition<Id extends string = string> {
  /** The rule's id: its file's name under `rules/`, and its anchor on its concept page. */
  id: Id
  level: RuleLevel
  /** The concept page that states the convention the rule checks. */
  concept: ConceptPage
  /** The RFCs or drafts the rule also rests on, e.g. `RFC 9110 (Allow)`. */
  also?: string
  title: string
  /** What the rule sends, in a sentence, for the rule reference. */
  sends: string
  /**
   * What it changes on the server, only ever with `allowWrites`; `false` for a rule that sends
   * safe methods alone.
   */
  writes: string | false
  /**
   * `generate` runs after the other active rules, before the clean-up that deletes what it made;
   * `probe` runs after the clean-up (it may exhaust the caller's quota); `journal` rules judge
   * every response of the run, so they run last of all.
   */
  phase?: 'generate' | 'probe' | 'journal'
  run(context: RuleContext): Promise<RuleOutcome>
}

export interface Rule<Id extends string = string> extends RuleDefinition<Id> {
  /** Where the rule comes from: its concept page and anchor, then `also`. */
  source: string
}

/**
 * A rule, as one file under `rules/` declares it; registering it is one line in `rules/index.ts`.
 *
 * @example
 * export const notFound404 = defineRule({ id: 'not-found-404', concept: 'resources', ... })
 */
export function defineRule<const Id extends string>(
  definition: RuleDefinition<Id>,
): Rule<Id> {
  const page = `concepts/${definition.concept}.md#${definition.id}`
  return {
    ...definition,
    source: definition.also ? `${page}; ${definition.also}` : page,
  }
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

/** What a journal rule found in one response, and the other exchanges that show it. */
export interface Finding {
  exchange: Exchange
  what: string
  /** Other exchanges the finding speaks of: the read of a `Location`, the 405 a method got. */
  also?: Exchange[]
}

/**
 * The steps that show the first `max` distinct findings, the ones a failure's message names:
 * each finding's exchange and the others it speaks of, each once, in the order found.
 */
export function findingSteps(findings: Finding[], max = 5): Exchange[] {
  const named = new Map<string, Finding>()
  for (const finding of findings)
    if (!named.has(finding.what) && named.size < max)
      named.set(finding.what, finding)
  return [
    ...new Set(
      [...named.values()].flatMap((f) => [f.exchange, ...(f.also ?? [])]),
    ),
  ]
}
