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

/**
 * What a fault does to the delivery of a state event (`target: "events"`), on `<base>/events`
 * (Server-Sent Events and WebSocket) and to webhook endpoints alike: send it twice, skip it (it
 * stays in the log: `Last-Event-ID` brings it back), hold it (`delay`, on the mock clock), send it
 * after the next one, close the connection before it, or sign it wrongly (webhooks).
 */
export const eventFaultKinds = [
  'duplicate',
  'drop',
  'delay',
  'reorder',
  'disconnect',
  'bad-signature',
] as const

/** Where a rule applies: requests (the default) or the delivery of state events. */
export const faultTargets = ['requests', 'events'] as const
const methods = faultMethods
const requestKinds: readonly string[] = faultKinds
const eventKinds: readonly string[] = eventFaultKinds

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
    z.strictObject({ kind: z.literal('duplicate') }),
    z.strictObject({ kind: z.literal('drop') }),
    z.strictObject({ kind: z.literal('reorder') }),
    z.strictObject({ kind: z.literal('disconnect') }),
    z.strictObject({ kind: z.literal('bad-signature') }),
  ],
  {
    error: `must have a kind of ${faultKinds.join(', ')} (requests) or ${eventFaultKinds.join(', ')} (target "events")`,
  },
)

export const faultRuleInputSchema = z
  .strictObject({
    target: z
      .enum(faultTargets, { error: 'must be "requests" or "events"' })
      .optional(),
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
      .max(limits.faultTimes, { error: `must be at most ${limits.faultTimes}` })
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
      .max(limits.faultTimes, { error: `must be at most ${limits.faultTimes}` })
      .optional(),
  })
  // Which effects fit which target: checked beside the members' own mistakes, so a body with
  // several is answered with all of them at once.
  .check((ctx) => {
    const input = ctx.value as Record<string, unknown>
    const events = input.target === 'events'
    const effect = input.effect as Record<string, unknown> | undefined
    const kind = typeof effect?.kind === 'string' ? effect.kind : undefined
    // An unknown kind is the effect's own mistake; `delay` fits both targets.
    const known =
      kind !== undefined &&
      (requestKinds.includes(kind) || eventKinds.includes(kind))
    if (known && kind !== 'delay') {
      if (events && !eventKinds.includes(kind))
        ctx.issues.push({
          code: 'custom',
          path: ['effect', 'kind'],
          message: `must be one of ${eventFaultKinds.join(', ')} for target "events"`,
          input: kind,
        })
      else if (!events && !requestKinds.includes(kind))
        ctx.issues.push({
          code: 'custom',
          path: ['effect', 'kind'],
          message: `is an effect on the delivery of events: set target to "events" (requests take ${faultKinds.join(', ')})`,
          input: kind,
        })
    }
    const match = input.match as Record<string, unknown> | undefined
    if (events && match && Object.keys(match).length > 0)
      ctx.issues.push({
        code: 'custom',
        path: ['match'],
        message:
          'applies to requests; an events fault takes the next events delivered, whatever they are',
        input: match,
      })
  })

/**
 * What a fault rule does to a request it fires on: answer with a status (with `Retry-After`), delay
 * it, hang, drop the connection, or lose the response after the operation ran; or, for a rule with
 * `target: "events"`, to the delivery of an event (`eventFaultKinds`).
 */
export type FaultEffect = z.infer<typeof faultEffectSchema>
/** What an events fault does to one event's delivery. */
export type EventFaultEffect = Extract<
  FaultEffect,
  { kind: (typeof eventFaultKinds)[number] }
>
/** The events fault that fired for one event: its rule's id and its effect. */
export interface EventFault {
  rule: string
  effect: EventFaultEffect
}
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
