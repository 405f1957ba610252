import type { z } from 'zod'
import { fail } from '../pipeline.ts'

export interface FieldError {
  field: string
  message: string
  pointer: string
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
function unknownMember(key: string, known: readonly string[]) {
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

export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  known: readonly string[],
): FieldError[] {
  const errors: FieldError[] = []
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({
          field: key,
          message: unknownMember(key, known),
          pointer: pointerOf([...issue.path, key]),
        })
      }
      continue
    }
    const field = issue.path.map(String).join('.')
    const message =
      issue.code === 'invalid_type' && issue.input === undefined
        ? 'is required'
        : issue.message
    errors.push({ field, message, pointer: pointerOf(issue.path) })
  }
  return errors
}

export function validationFailed(
  errors: FieldError[],
  hadBody: boolean,
): never {
  const fields = [...new Set(errors.map((e) => e.field))]
  fail('validation-failed', {
    detail: `${hadBody ? '' : 'The request has no body. '}${fields.length} field${fields.length === 1 ? ' is' : 's are'} invalid: ${fields.join(', ')}.`,
    extensions: { errors },
  })
}

/** Parses a body against a strict schema; every invalid field is reported in one 422. */
export function validate<S extends z.ZodObject>(
  schema: S,
  body: unknown,
): z.infer<S> {
  const result = schema.safeParse(body ?? {})
  if (result.success) return result.data
  validationFailed(
    fieldErrors(result.error.issues, Object.keys(schema.shape)),
    body !== undefined,
  )
}
