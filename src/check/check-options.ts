import type { CheckEvent } from './check-types.ts'
import { CheckArgumentError } from './check-argument-error.ts'
import { defaultSleep, type Sleep } from './default-sleep.ts'
import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import type { Baseline } from './baseline.ts'
import { isRuleId, ruleIds, type RuleId } from './rule-registry.ts'

export type { Sleep } from './default-sleep.ts'
export type { NormalizedCheckOptions } from './normalized-check-options.ts'

/** What `runChecks` takes: the API to check, a credential, and how far it may go. */
export interface CheckOptions {
  /** The API's entry point, e.g. `http://127.0.0.1:8787/api`. */
  baseUrl: string
  /** A credential sent as `Authorization: Bearer <token>`, only to the base URL's origin. */
  token?: string
  /** A second credential that may read but not write: needed by `forbidden-403`. */
  tokenReadonly?: string
  /** An OpenAPI description: a URL, or the parsed document. @default the root's `service-desc` link */
  openapi?: string | Record<string, unknown>
  /** Collection paths to start from instead of the root's links, e.g. `['/api/orders']`. */
  paths?: string[]
  /** Let rules create, act on and delete records (each record created is deleted afterwards). @default false */
  allowWrites?: boolean
  /** Send up to this many reads to provoke a 429; off unless given. */
  probeRateLimit?: number
  /** Only these rules. @default every rule */
  rules?: RuleId[]
  /** Every rule but these. */
  excludeRules?: RuleId[]
  /**
   * Only these methods are sent by the rules (discovery always reads with GET); a rule that needs
   * another skips and says so. Writes still need `allowWrites`. @default every method
   */
  includeMethods?: string[]
  /** The seed of the generated requests; a report prints it so a run can be repeated. @default a random one */
  seed?: number
  /** Requests `generated-requests` sends, valid and invalid. @default 20 */
  generatedRequests?: number
  /** Failures accepted: each is reported as accepted and does not fail the run (see `parseBaseline`). */
  baseline?: Baseline
  /** A skipped rule counts as a failure, and should rules count as must rules. @default false */
  strict?: boolean
  /** @default 5000 */
  requestTimeoutMs?: number
  /** Each rule's whole time, its waits included. @default 30000 */
  ruleTimeoutMs?: number
  /** Requests one rule may send. @default 40 */
  ruleRequestBudget?: number
  /** Bytes read of one response body; a longer body fails the rule. @default 1048576 */
  maxBodyBytes?: number
  /** @default 5 */
  maxRedirects?: number
  /** The longest `Retry-After` the checker waits before trying again; a longer one ends the rule. @default 60 */
  maxRetryAfterSeconds?: number
  /** Cancels the run. */
  signal?: AbortSignal
  onEvent?: (event: CheckEvent) => void
  /** Injectable for tests that must not wait through a real `Retry-After`. */
  sleep?: Sleep
  fetch?: typeof fetch
}

function positive(
  name: string,
  value: number | undefined,
  fallback: number,
  problems: string[],
) {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < 1)
    problems.push(`${name} must be a whole number ≥ 1, got ${value}`)
  return value
}

const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']

/** Every mistake at once, so a user fixes their command in one go. */
export function normalizeCheckOptions(
  options: CheckOptions,
): NormalizedCheckOptions {
  const problems: string[] = []
  let baseUrl: URL | null = null
  try {
    baseUrl = new URL(options.baseUrl)
    if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:')
      problems.push(
        `the base URL must be an http: or https: URL, got "${options.baseUrl}"`,
      )
  } catch {
    problems.push(
      `the base URL must be an absolute URL such as http://127.0.0.1:8787/api, got "${options.baseUrl}"`,
    )
  }
  const unknown = [
    ...(options.rules ?? []),
    ...(options.excludeRules ?? []),
    ...(options.baseline?.accepted.map((entry) => entry.rule) ?? []),
  ].filter((id) => !isRuleId(id))
  if (unknown.length > 0)
    problems.push(
      `unknown rule ${unknown.map((id) => `"${id}"`).join(', ')}; the rules are ${ruleIds.join(', ')}`,
    )
  for (const [name, token] of [
    ['token', options.token],
    ['tokenReadonly', options.tokenReadonly],
  ] as const)
    if (token !== undefined && (token === '' || /[\s]/.test(token)))
      problems.push(`${name} must be a non-empty value without spaces`)
  const methods = (options.includeMethods ?? []).map((m) => m.toUpperCase())
  for (const method of methods)
    if (!METHODS.includes(method))
      problems.push(
        `includeMethods takes ${METHODS.join(', ')}, got "${method}"`,
      )
  if (
    options.seed !== undefined &&
    (!Number.isSafeInteger(options.seed) || options.seed < 0)
  )
    problems.push(`seed must be a whole number ≥ 0, got ${options.seed}`)
  for (const path of options.paths ?? [])
    if (!path.startsWith('/'))
      problems.push(`paths must start with "/", got "${path}"`)
  const normalized = {
    requestTimeoutMs: positive(
      'requestTimeoutMs',
      options.requestTimeoutMs,
      5_000,
      problems,
    ),
    ruleTimeoutMs: positive(
      'ruleTimeoutMs',
      options.ruleTimeoutMs,
      30_000,
      problems,
    ),
    ruleRequestBudget: positive(
      'ruleRequestBudget',
      options.ruleRequestBudget,
      40,
      problems,
    ),
    maxBodyBytes: positive(
      'maxBodyBytes',
      options.maxBodyBytes,
      1_048_576,
      problems,
    ),
    maxRedirects: positive('maxRedirects', options.maxRedirects, 5, problems),
    generatedRequests: positive(
      'generatedRequests',
      options.generatedRequests,
      20,
      problems,
    ),
    maxRetryAfterSeconds: positive(
      'maxRetryAfterSeconds',
      options.maxRetryAfterSeconds,
      60,
      problems,
    ),
    probeRateLimit:
      options.probeRateLimit === undefined
        ? null
        : positive('probeRateLimit', options.probeRateLimit, 0, problems),
  }
  if (normalized.probeRateLimit !== null && normalized.probeRateLimit > 10_000)
    problems.push(
      `probeRateLimit is capped at 10000 requests, got ${normalized.probeRateLimit}`,
    )
  if (normalized.generatedRequests > 1_000)
    problems.push(
      `generatedRequests is capped at 1000 requests, got ${normalized.generatedRequests}`,
    )
  if (problems.length > 0 || baseUrl === null)
    throw new CheckArgumentError(problems)
  // A trailing slash would make every relative link resolve one level too deep.
  if (baseUrl.pathname.length > 1 && baseUrl.pathname.endsWith('/'))
    baseUrl.pathname = baseUrl.pathname.replace(/\/+$/, '')
  return {
    baseUrl,
    token: options.token ?? null,
    tokenReadonly: options.tokenReadonly ?? null,
    openapi: options.openapi ?? null,
    paths: options.paths ?? [],
    allowWrites: options.allowWrites ?? false,
    rules: (options.rules && options.rules.length > 0
      ? options.rules
      : [...ruleIds]
    ).filter((id) => !(options.excludeRules ?? []).includes(id)),
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    includeMethods: methods.length > 0 ? methods : null,
    baseline: options.baseline ?? null,
    strict: options.strict ?? false,
    signal: options.signal ?? null,
    onEvent: options.onEvent ?? (() => {}),
    sleep: options.sleep ?? defaultSleep,
    fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
    ...normalized,
  }
}
