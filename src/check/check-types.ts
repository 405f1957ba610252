/** What a rule requires of the server: `must` rules decide the exit code, `should` rules only with `strict`. */
export type RuleLevel = 'must' | 'should'

/** How a rule ended: it held, it broke, or it could not run here. */
export type RuleStatus = 'pass' | 'fail' | 'skip'

/** A rule id: one of `ruleIds` (the registry's; this file imports nothing, so the rules may import it). */
type RuleId = string

/** A request as sent, with every credential replaced by `$TOKEN` or `$TOKEN_READONLY`. */
export interface RecordedRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}

/** A response as received: the body is cut to a few kilobytes, credentials masked. */
export interface RecordedResponse {
  status: number
  headers: Record<string, string>
  body?: string
  bodyTruncated?: boolean
  durationMs: number
}

/** One step of a rule: what was sent, what came back (or why nothing did), and how to send it again. */
export interface Evidence {
  request: RecordedRequest
  response: RecordedResponse | null
  /** Why no usable response came back: a time-out, a body over the cap, a redirect loop... */
  error?: string
  /** A runnable `curl` line; the credential is `$TOKEN` (export it first). */
  curl: string
}

/** What one rule found: its status, evidence, and a curl line per failure. */
export interface RuleResult {
  id: RuleId
  level: RuleLevel
  /** The concept page and anchor the rule comes from (`concepts/<page>.md#<rule id>`), then any RFC. */
  source: string
  title: string
  status: RuleStatus
  /** Why a rule was skipped, or a note on a pass; `null` when there is nothing to add. */
  reason: string | null
  expected?: string
  actual?: string
  /** The steps in the order they were sent: a failure's reproduction, or what a pass rests on. */
  evidence: Evidence[]
  requests: number
  durationMs: number
  /** A failure the baseline accepts: reported, but it does not fail the run. */
  accepted?: boolean
  /** The baseline's note for it. */
  acceptedNote?: string
}

/** Where a collection's create body came from, and why it changed. */
export interface CreateBodyRecord {
  collection: string
  /** The description's example, a body built from its schema, or a real item's values. */
  from: 'example' | 'schema' | 'item'
  /** Why the body is what it is, e.g. the description's body was refused; `null` when nothing changed. */
  note: string | null
}

/** One record a check created and then deleted (or failed to). */
export interface CleanupResult {
  url: string
  /** The DELETE's status, or `null` when it could not be sent. */
  status: number | null
  /**
   * Whether the record is gone as far as the checker can tell: the DELETE succeeded and a GET then
   * answered 404 or 410, or the DELETE answered 404 or 410 at a URL that held a record during the run.
   */
  deleted: boolean
  /**
   * The DELETE answered, but the record's absence could not be confirmed: it still reads back, or
   * its URL never held a record the checker saw. The record may remain, or may never have existed.
   */
  unconfirmed?: true
  /**
   * Why a record was not deleted when no DELETE says it (its URL could not be found), why its
   * deletion is not confirmed, or, for a create that got no answer, how its record was looked for
   * and what was found.
   */
  reason?: string
  /** The entry is a create that got no answer (timed out, connection lost): it may have made a record. */
  unanswered?: true
}

/** A state-changing request the run sent (only ever with `allowWrites`). */
export interface WriteRecord {
  /** The rule that sent it; `null` for the clean-up. */
  ruleId: RuleId | null
  method: string
  url: string
  /** `null` when no response came back. */
  status: number | null
}

/** What the check found by following the API's links: collections, items, actions, a description. */
export interface DiscoverySummary {
  collections: string[]
  items: string[]
  actions: { rel: string; method: string; href: string }[]
  openapi: string | null
  /** Links seen and not followed, with why (another origin, not JSON...). */
  notFollowed: { href: string; reason: string }[]
}

/** A whole check's result, as `runChecks` returns it and `--format json` prints it. */
export interface CheckReport {
  /** Bumped when the report's shape changes incompatibly; the JSON Schema names it. */
  reportVersion: 1
  baseUrl: string
  startedAt: string
  durationMs: number
  strict: boolean
  allowWrites: boolean
  /** 0: every must rule passed (every rule with `strict`); 1: a rule failed; 2: could not test. */
  exitCode: 0 | 1 | 2
  /** Why the server could not be tested at all (exit code 2), else `null`. */
  error: string | null
  /** `accepted`: failures the baseline accepts (counted in `fail` as well). */
  summary: { pass: number; fail: number; skip: number; accepted?: number }
  /** The seed and budget of `generated-requests`: `--seed` and `--generated-requests` repeat them. */
  generation?: { seed: number; requests: number }
  /** The only methods rules sent (`--include-method`); `null`: every method. */
  includeMethods?: string[] | null
  /** Each collection's create body: where it came from, and why it changed. */
  createBodies?: CreateBodyRecord[]
  discovery: DiscoverySummary
  rules: RuleResult[]
  /** Every state-changing request sent, in order: empty unless `allowWrites`. */
  writes: WriteRecord[]
  cleanup: CleanupResult[]
}

/** Progress while a run goes on, for a progress line or a test's log. */
export type CheckEvent =
  | { type: 'discovery:start'; url: string }
  | { type: 'rule:start'; id: RuleId; index: number; total: number }
  | { type: 'rule:end'; result: RuleResult; index: number; total: number }
  | {
      type: 'request:end'
      ruleId: RuleId | null
      method: string
      url: string
      status: number | null
    }
