import { z } from 'zod'
import type { ProblemSlug } from '../problems/catalogue.ts'
import type { FieldError } from '../validation/validate.ts'

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
 * The extension members each problem type carries besides the RFC 9457 ones (contract section 6).
 * A type not listed here has none; the drift check of the contract suite fails on any other member.
 */
export const problemMembers: Partial<Record<ProblemSlug, z.ZodRawShape>> = {
  'validation-failed': { errors: z.array(fieldError).min(1) },
  'invalid-query': { errors: z.array(queryError).min(1) },
  'invalid-snapshot': { errors: z.array(fieldError).min(1) },
  'insufficient-funds': { balance: count, requested: id, accountId: id },
  'state-conflict': {
    currentStatus: z.enum(['pending', 'paid', 'cancelled']),
    allowedActions: z.array(z.enum(['cancel', 'pay'])),
  },
  'version-mismatch': { currentVersion: id },
  'method-not-allowed': { allowed: z.array(z.string()).min(1) },
  'content-too-large': { maxBytes: id },
}
