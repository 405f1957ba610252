import type { FaultRule, FaultRuleInput } from '../../../index.ts'
import {
  faultKinds,
  type faultStatuses,
} from '../../../mock-server/faults/fault-rule.ts'

export {
  faultMethods,
  faultStatuses,
} from '../../../mock-server/faults/fault-rule.ts'

/** The kinds the form offers: a request's (events faults come through the control API). */
export type EffectKind = (typeof faultKinds)[number]

const effectLabels: Record<EffectKind, string> = {
  status: 'HTTP error status',
  'network-error': 'Network error',
  delay: 'Delay, then answer',
  hang: 'Hang (never answer)',
  'lose-response': 'Lose the response after the operation',
}

/** The core's fault kinds, in its order, each with the form's label. */
export const effectKinds: { kind: EffectKind; label: string }[] =
  faultKinds.map((kind) => ({ kind, label: effectLabels[kind] }))

/** The form's raw text, one member per field; numbers stay strings until submitted. */
export interface FaultFormValues {
  method: string
  path: string
  kind: EffectKind
  status: string
  retryAfter: string
  ms: string
  times: string
  probability: string
  skip: string
}

export type FaultField = keyof FaultFormValues
export type FieldErrors = Partial<Record<FaultField, string>>

export const fieldLabels: Record<FaultField, string> = {
  method: 'Method',
  path: 'Path pattern',
  kind: 'Effect',
  status: 'Status',
  retryAfter: 'Retry-After (seconds)',
  ms: 'Delay (ms)',
  times: 'Times',
  probability: 'Probability',
  skip: 'Skip',
}

export const emptyFaultForm: FaultFormValues = {
  method: '',
  path: '',
  kind: 'status',
  status: '503',
  retryAfter: '',
  ms: '1000',
  times: '',
  probability: '',
  skip: '',
}

type NumberField = 'retryAfter' | 'ms' | 'times' | 'probability' | 'skip'

export type FormResult =
  | { ok: true; rule: FaultRuleInput }
  | { ok: false; errors: FieldErrors }

/**
 * Turns the form into a rule for `api.faults.add`. Only what the form alone can know is checked
 * here (a number field holding text); the core's own schema decides everything else, and its
 * messages are shown next to the fields by {@link issuesToErrors}.
 */
export function formToRule(values: FaultFormValues): FormResult {
  const errors: FieldErrors = {}
  const number = (field: NumberField): number | undefined => {
    const text = values[field].trim()
    if (text === '') return undefined
    const value = Number(text)
    if (!Number.isFinite(value)) errors[field] = 'must be a number'
    return value
  }
  const path = values.path.trim()
  const match = {
    ...(values.method !== '' && { method: values.method }),
    ...(path !== '' && { path }),
  }
  let effect: FaultRuleInput['effect']
  switch (values.kind) {
    case 'status': {
      const retryAfter = number('retryAfter')
      effect = {
        kind: 'status',
        status: Number(values.status) as (typeof faultStatuses)[number],
        ...(retryAfter !== undefined && { retryAfter }),
      }
      break
    }
    case 'delay':
      // Left empty, `ms` is missing and the core says what it needs.
      effect = { kind: 'delay', ms: number('ms') as number }
      break
    default:
      effect = { kind: values.kind }
  }
  const times = number('times')
  const probability = number('probability')
  const skip = number('skip')
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    rule: {
      match,
      effect,
      ...(times !== undefined && { times }),
      ...(probability !== undefined && { probability }),
      ...(skip !== undefined && { skip }),
    },
  }
}

/** A stored rule back into the form, for editing. */
export function ruleToForm(rule: FaultRule): FaultFormValues {
  const { effect } = rule
  const text = (value: number | undefined) =>
    value === undefined ? '' : String(value)
  return {
    method: rule.match.method ?? '',
    path: rule.match.path ?? '',
    // The form edits a request's fault; an events fault's kind is not among its choices.
    kind: (faultKinds as readonly string[]).includes(effect.kind)
      ? (effect.kind as EffectKind)
      : 'status',
    status: effect.kind === 'status' ? String(effect.status) : '503',
    retryAfter: effect.kind === 'status' ? text(effect.retryAfter) : '',
    ms: effect.kind === 'delay' ? String(effect.ms) : '1000',
    times: text(rule.times),
    probability: text(rule.probability),
    skip: text(rule.skip),
  }
}

interface Issue {
  path: readonly PropertyKey[]
  message: string
}

function isIssueList(value: unknown): value is Issue[] {
  return (
    Array.isArray(value) &&
    value.every(
      (issue) =>
        typeof issue === 'object' &&
        issue !== null &&
        Array.isArray((issue as Issue).path) &&
        typeof (issue as Issue).message === 'string',
    )
  )
}

function fieldOf(path: readonly PropertyKey[]): FaultField | null {
  const [first, second] = path
  if (first === 'match')
    return second === 'method' ? 'method' : second === 'path' ? 'path' : null
  if (first === 'effect') {
    if (second === 'status' || second === 'retryAfter' || second === 'ms')
      return second
    return 'kind'
  }
  if (first === 'times' || first === 'probability' || first === 'skip')
    return first
  return null
}

/**
 * The core validates a rule with zod and throws its error: each issue is put next to its field,
 * and whatever names no field goes under `form`. Returns `null` for an error that is not zod's.
 */
export function issuesToErrors(
  error: unknown,
): { fields: FieldErrors; form: string[] } | null {
  const issues = (error as { issues?: unknown } | null)?.issues
  if (!isIssueList(issues)) return null
  const fields: FieldErrors = {}
  const form: string[] = []
  for (const issue of issues) {
    const field = fieldOf(issue.path)
    if (field === null) form.push(issue.message)
    else fields[field] ??= issue.message
  }
  return { fields, form }
}
