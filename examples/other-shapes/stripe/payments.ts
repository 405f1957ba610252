/**
 * A Stripe-shaped API: `/v1/customers` with `cus_` keys, form-encoded bodies, updates by `POST`
 * on the item, lists paged after a key, deletes that answer `{ id, object, deleted: true }` and
 * errors as `{ error: { type, code, message, param } }` with 400.
 */
import { defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'

/** The secret key the tests give the SDK. Any other key is a 401. */
export const SECRET_KEY = 'sk_test_hypermock'

const metadata = z.record(z.string().max(40), z.string().max(500))

const customers = defineResource({
  schema: z.strictObject({
    id: z.string(),
    object: z.literal('customer'),
    created: z.number().int(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    description: z.string().nullable(),
    balance: z.number().int(),
    metadata,
  }),
  // What a create takes; the server fills in the rest.
  create: {
    input: z.strictObject({
      name: z.string().max(256).optional(),
      email: z.email().optional(),
      description: z.string().max(350).optional(),
      balance: z.number().int().optional(),
      metadata: metadata.optional(),
    }),
    prepare: (ctx) => ({
      object: 'customer' as const,
      created: Math.floor(Date.parse(ctx.now()) / 1000),
      name: ctx.input.name ?? null,
      email: ctx.input.email ?? null,
      description: ctx.input.description ?? null,
      balance: ctx.input.balance ?? 0,
      metadata: ctx.input.metadata ?? {},
    }),
  },
  // Stripe updates with POST on the item: a merge of the fields sent (metadata keys merge too).
  // `object` and `created` are the server's: an update that sends them is refused.
  replace: {
    input: z.strictObject({
      name: z.string().max(256).nullable(),
      email: z.email().nullable(),
      description: z.string().max(350).nullable(),
      balance: z.number().int(),
      metadata,
    }),
    keep: ['object', 'created'],
    put: false,
  },
  patch: { method: 'POST' },
  // Stripe's records carry no `_links`.
  links: false,
  filters: ['email'],
  seed: [
    {
      object: 'customer',
      created: 1767603600,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      description: null,
      balance: 0,
      metadata: { plan: 'pro' },
    },
  ],
})

/** Stripe's error types, by the status of the refusal. */
function errorType(status: number) {
  if (status === 401) return 'authentication_error'
  if (status === 429) return 'rate_limit_error'
  if (status >= 500) return 'api_error'
  return 'invalid_request_error'
}

export const payments = defineApi({
  name: 'Payments',
  base: '/v1',
  tokens: { [SECRET_KEY]: { owns: 'all' } },
  // Stripe answers an invalid field with 400, and ignores `Prefer`.
  validationStatus: 400,
  prefer: false,
  dialect: {
    keys: { generate: { prefix: 'cus_' } },
    // { object: 'list', url: '/v1/customers', data: [...], has_more: true }
    envelope: {
      items: 'data',
      hasMore: 'has_more',
      url: 'url',
      constants: { object: 'list' },
    },
    // ?limit=10&starting_after=cus_… (or ending_before=cus_…)
    paging: {
      style: 'after',
      params: { perPage: 'limit' },
      defaultPerPage: 10,
    },
    // name=Ada&metadata[plan]=pro, as the SDK sends every write
    bodies: ['application/x-www-form-urlencoded'],
    // DELETE answers 200 { id, object: 'customer', deleted: true }
    deleted: { members: ['id', 'object'], constants: { deleted: true } },
  },
  resources: { customers },
  errorBody: (problem) => ({
    error: {
      type: problem.type.endsWith('/idempotency-key-reused')
        ? 'idempotency_error'
        : errorType(problem.status),
      code: problem.type.endsWith('/not-found')
        ? 'resource_missing'
        : problem.type.split('/').at(-1),
      message: problem.detail,
      ...(problem.errors?.[0]?.field !== undefined && {
        param: problem.errors[0].field,
      }),
    },
  }),
})
