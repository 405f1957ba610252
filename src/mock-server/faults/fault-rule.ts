import { z } from 'zod'
import { limits } from '../limits.ts'

/** The methods a rule may match. */
export const faultMethods = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
] as const

/** The statuses a `status` fault may answer with: the gateway's and the rate limiter's. */
export const faultStatuses = [429, 500, 502, 503, 504] as const

/** Every kind of effect, in the order a form offers them. */
export const faultKinds = [
  'status',
  'network-error',
  'delay',
  'hang',
  'lose-response',
] as const
const methods = faultMethods

export const faultEffectSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('status'),
      status: z.literal(faultStatuses, {
        error: `must be one of ${faultStatuses.join(', ')}`,
      }),
      retryAfter: z
        .number()
        .int({ error: 'must be whole seconds' })
        .min(1, { error: 'must be ≥ 1 second' })
        .max(86_400)
        .optional(),
    }),
    z.strictObject({ kind: z.literal('network-error') }),
    z.strictObject({
      kind: z.literal('delay'),
      ms: z
        .number({ error: 'must be a number of milliseconds' })
        .int()
        .min(0)
        .max(600_000, { error: 'must be at most 600000 (10 minutes)' }),
    }),
    z.strictObject({ kind: z.literal('hang') }),
    z.strictObject({ kind: z.literal('lose-response') }),
  ],
  {
    error: `must have a kind of ${faultKinds.slice(0, -1).join(', ')} or ${faultKinds.at(-1)}`,
  },
)

export const faultRuleInputSchema = z.strictObject({
  match: z
    .strictObject({
      method: z
        .string()
        .transform((value) => value.toUpperCase())
        .pipe(
          z.enum(methods, { error: `must be one of ${methods.join(', ')}` }),
        )
        .optional(),
      path: z
        .string()
        .startsWith('/', {
          error: 'must be a path pattern starting with "/" (* is a wildcard)',
        })
        .max(limits.faultPatternLength, {
          error: `must be at most ${limits.faultPatternLength} characters`,
        })
        .optional(),
    })
    .default({}),
  effect: faultEffectSchema,
  times: z
    .number()
    .int({ error: 'must be a whole number of matches' })
    .min(1, { error: 'must be ≥ 1' })
    .optional(),
  probability: z
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, { error: 'must be ≥ 0' })
    .max(1, { error: 'must be ≤ 1' })
    .optional(),
  skip: z
    .number()
    .int({ error: 'must be a whole number of matches' })
    .min(0, { error: 'must be ≥ 0' })
    .optional(),
})

/**
 * What a fault rule does to a request it fires on: answer with a status (with `Retry-After`), delay
 * it, hang, drop the connection, or lose the response after the operation ran.
 */
export type FaultEffect = z.infer<typeof faultEffectSchema>
/**
 * A fault rule as `api.faults.add` takes it: which requests it matches, its effect, and how often
 * it fires (`times`, `probability`, `skip`).
 *
 * @example
 * api.faults.add({ match: { method: 'POST', path: '/api/payments' }, effect: { kind: 'status', status: 503 }, times: 1 })
 */
export type FaultRuleInput = z.input<typeof faultRuleInputSchema>

/** A fault rule the mock holds: the input with its defaults, its id, and its counters. */
export type FaultRule = z.output<typeof faultRuleInputSchema> & {
  id: string
  /** How often the rule matched and how often it fired: shown so that a user sees what happened. */
  matched: number
  fired: number
}

/**
 * Whether `path` matches a pattern whose `*` stands for any run of characters, `/` included
 * (`/api/loans*` covers the collection and its items). No regular expression is built from the
 * pattern: the literal pieces between stars are found left to right, each at its earliest place,
 * which is enough for `*`-only patterns and never backtracks, whatever the pattern or the path.
 */
export function matchesPathPattern(pattern: string, path: string): boolean {
  const pieces = pattern.split('*')
  if (pieces.length === 1) return pattern === path
  const first = pieces[0]!
  const last = pieces[pieces.length - 1]!
  if (first.length + last.length > path.length) return false
  if (!path.startsWith(first) || !path.endsWith(last)) return false
  let from = first.length
  const end = path.length - last.length
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!
    if (piece === '') continue
    const at = path.indexOf(piece, from)
    if (at === -1 || at + piece.length > end) return false
    from = at + piece.length
  }
  return true
}
