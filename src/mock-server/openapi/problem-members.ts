import { z } from 'zod'
import type { ApiModel } from '../model/compiled-api.ts'
import type { ProblemSlug } from '../problems/catalogue.ts'
import type { FieldError } from '../validation/validate.ts'
import { statesOf } from './schema-names.ts'

const count = z.number().int().nonnegative()
const id = z.number().int().positive()

// `satisfies` ties each schema to the type the code builds, so a renamed member fails to compile.
// One item shape for every `errors` array; body members add their JSON pointer.
export const queryError = z.strictObject({
  field: z.string(),
  message: z.string(),
}) satisfies z.ZodType<FieldError>

export const fieldError = queryError.extend({
  pointer: z.string().regex(/^#/),
}) satisfies z.ZodType<FieldError>

/**
 * The extension members each built-in problem type carries besides the RFC 9457 ones
 * (concepts/problems.md#problem-details). A type not listed here has none; the drift check of the contract suite fails on any
 * other member. `state-conflict` depends on the API's states: see `builtInMembers`.
 */
const problemMembers: Partial<Record<ProblemSlug, z.ZodRawShape>> = {
  'validation-failed': { errors: z.array(fieldError).min(1) },
  'invalid-query': { errors: z.array(queryError).min(1) },
  'invalid-snapshot': { errors: z.array(fieldError).min(1) },
  'version-mismatch': { currentVersion: id },
  'method-not-allowed': { allowed: z.array(z.string()).min(1) },
  'content-too-large': { maxBytes: id },
  'limit-exceeded': { limit: z.string(), max: count },
  'already-exists': {
    existing: z.strictObject({
      resource: z.string(),
      id: z.union([z.number().int(), z.string()]),
    }),
  },
  'still-referenced': {
    referencedBy: z.strictObject({
      resource: z.string(),
      id: z.union([z.number().int(), z.string()]),
      field: z.string(),
    }),
  },
}

/** The states and actions of every stateful resource: what a `state-conflict` can name. */
function stateConflictMembers(api: ApiModel) {
  const states = new Set<unknown>()
  const actions = new Set<string>()
  for (const resource of api.resources.values()) {
    const state = resource.state
    if (!state) continue
    for (const value of [state.initial, ...statesOf(resource)])
      states.add(value)
    for (const t of state.transitions) {
      actions.add(t.name)
      states.add(t.to)
      for (const from of t.from) states.add(from)
    }
  }
  return {
    properties: {
      currentStatus: states.size > 0 ? { enum: [...states] } : {},
      allowedActions: {
        type: 'array',
        items:
          actions.size > 0
            ? { type: 'string', enum: [...actions] }
            : { type: 'string' },
      },
    },
    required: ['currentStatus', 'allowedActions'],
  }
}

/** The members of a built-in problem type, as JSON Schema `properties` and `required`. */
export function builtInMembers(api: ApiModel, slug: string) {
  if (slug === 'state-conflict') return stateConflictMembers(api)
  const shape = problemMembers[slug as ProblemSlug]
  if (!shape) return { properties: {}, required: [] as string[] }
  const json = z.toJSONSchema(z.strictObject(shape), {
    target: 'draft-2020-12',
  }) as { properties?: Record<string, unknown>; required?: string[] }
  return { properties: json.properties ?? {}, required: json.required ?? [] }
}
