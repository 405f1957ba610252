import type { z } from 'zod'
import { fail } from '../problems/problem-error.ts'
import type { ProblemInit } from '../problems/problem-error.ts'

/**
 * The one item shape of every `errors` array: the `field` (a body member's dotted path, or a query
 * parameter's name) and a `message`, plus a JSON `pointer` for body members.
 */
export interface FieldError {
  field: string
  message: string
  pointer?: string
}

function distance(a: string, b: string) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!
      row[j] = Math.min(
        row[j]! + 1,
        row[j - 1]! + 1,
        previous + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
      previous = current
    }
  }
  return row[b.length]!
}

/** "did you mean amount?" for a typo such as `ammount`: unknown members must never pass silently. */
export function unknownMember(key: string, known: readonly string[]) {
  const guess = known.find(
    (name) => distance(key.toLowerCase(), name.toLowerCase()) <= 2,
  )
  return guess
    ? `is not a known member; did you mean "${guess}"?`
    : `is not a known member; expected ${known.join(', ')}`
}

function pointerOf(path: readonly PropertyKey[]) {
  return `#/${path.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`
}

/** Whether the member an issue points at was sent at all: zod's issues do not carry the input. */
function isPresent(input: unknown, path: readonly PropertyKey[]) {
  let value = input
  for (const part of path) {
    if (value === null || typeof value !== 'object') return false
    if (!Object.hasOwn(value, part)) return false
    value = (value as Record<PropertyKey, unknown>)[part]
  }
  return value !== undefined
}

/**
 * What was sent instead, for a member of the wrong type ("a string"), or `null` when its type was
 * right and only a refinement failed (zod words `1.5` for an integer as a type error too).
 */
function received(
  input: unknown,
  path: readonly PropertyKey[],
  expected: string,
): string | null {
  let value = input
  for (const part of path) value = (value as Record<PropertyKey, unknown>)[part]
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value)
    return expected === 'number' || expected === 'int' ? null : 'a number'
  }
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** One invalid input: where (`['effect', 'ms']`) and what is wrong with it. */
export interface Issue {
  path: PropertyKey[]
  message: string
}

/** Whether a union's branch refused the value as a whole (its type or literal), not a part of it. */
const refusedWhole = (branch: readonly z.core.$ZodIssue[]) =>
  branch.some(
    (issue) =>
      issue.path.length === 0 &&
      (issue.code === 'invalid_type' || issue.code === 'invalid_value'),
  )

/**
 * The issues of the one branch of a union that took the value's kind (`{ limit: 0 }` against
 * `false | { limit, windowSeconds }`: the object's), placed under the union's path. None when no
 * branch, or more than one, took it: the union's own message then says what it accepts.
 */
function branchIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] | null {
  if (issue.code !== 'invalid_union') return null
  const taken = issue.errors.filter((branch) => !refusedWhole(branch))
  if (taken.length !== 1 || taken[0]!.length === 0) return null
  return taken[0]!.map((inner) => ({
    ...inner,
    path: [...issue.path, ...inner.path],
  }))
}

/**
 * zod's issues in the mock's words: unknown members get a "did you mean", wrong types say so, and
 * a union whose one branch took the value reports that branch's mistakes, each at its own path.
 */
export function issueList(
  issues: readonly z.core.$ZodIssue[],
  known: readonly string[],
  input: unknown,
): Issue[] {
  const list: Issue[] = []
  for (const issue of issues) {
    const inner = branchIssues(issue)
    if (inner) {
      list.push(...issueList(inner, known, input))
      continue
    }
    if (issue.code === 'unrecognized_keys') {
      // `known` names the top level's members; a nested object's are not in zod's issue.
      for (const key of issue.keys)
        list.push({
          path: [...issue.path, key],
          message:
            issue.path.length === 0
              ? unknownMember(key, known)
              : 'is not a known member',
        })
      continue
    }
    // A member of the wrong type is not a missing one: only an absent member "is required".
    let message = issue.message
    if (issue.code === 'invalid_type') {
      if (!isPresent(input, issue.path)) message = 'is required'
      else {
        const got = received(input, issue.path, issue.expected)
        if (got !== null) message = `${issue.message} (got ${got})`
      }
    }
    list.push({ path: [...issue.path], message })
  }
  return list
}

export function toFieldError({ path, message }: Issue): FieldError {
  return {
    field: path.map(String).join('.'),
    message,
    pointer: pointerOf(path),
  }
}

export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  known: readonly string[],
  input: unknown,
): FieldError[] {
  return issueList(issues, known, input).map(toFieldError)
}

/** The 422 `validation-failed` problem for these field errors. */
export function validationProblem(
  errors: FieldError[],
  hadBody: boolean,
): ProblemInit {
  const fields = [...new Set(errors.map((e) => e.field || '(body)'))]
  return {
    detail: `${hadBody ? '' : 'The request has no body. '}${fields.length} field${fields.length === 1 ? ' is' : 's are'} invalid: ${fields.join(', ')}.`,
    extensions: { errors },
  }
}

export function validationFailed(
  errors: FieldError[],
  hadBody: boolean,
): never {
  fail('validation-failed', validationProblem(errors, hadBody))
}

/** Parses against a strict schema; `null` and the field errors when it fails. */
export function check<S extends z.ZodObject>(
  schema: S,
  body: unknown,
): { data: z.infer<S> } | { errors: FieldError[] } {
  const result = schema.safeParse(body ?? {})
  if (result.success) return { data: result.data }
  return {
    errors: fieldErrors(
      result.error.issues,
      Object.keys(schema.shape),
      body ?? {},
    ),
  }
}

/** Parses a body against a strict schema; every invalid field is reported in one 422. */
export function validate<S extends z.ZodObject>(
  schema: S,
  body: unknown,
): z.infer<S> {
  const result = check(schema, body)
  if ('data' in result) return result.data
  validationFailed(result.errors, body !== undefined)
}
