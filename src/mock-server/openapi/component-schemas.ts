import { z } from 'zod'
import {
  presentAccount,
  presentCustomer,
  presentOrder,
  presentPayment,
  presentTransfer,
} from '../hypermedia/present.ts'
import {
  problemCatalogue,
  problemSlugs,
  type ProblemSlug,
} from '../problems/catalogue.ts'
import { createSeed } from '../store/seed.ts'
import { rowSchemas } from '../store/snapshot-schema.ts'
import {
  emptyAction,
  orderCreate,
  orderReplace,
  paymentCreate,
  transferCreate,
} from '../validation/schemas.ts'
import { problemMembers } from './problem-members.ts'

export type JsonSchema = Record<string, unknown>

export const escapeRegExp = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `validation-failed` → `ValidationFailedProblem`: the component name of a problem type. */
export function problemSchemaName(slug: ProblemSlug) {
  const words = slug.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1))
  return `${words.join('')}Problem`
}

export const collectionSchemaName = (item: string) => `${item}Collection`

/**
 * Every named schema of the description, as zod schemas: the representations are the stored rows
 * (the same schemas that check snapshots) with their `_links` per state, the request bodies are the
 * very schemas that validate requests, and each problem type is the catalogue's entry with its members.
 * Examples are the seed data, presented as the API presents it.
 */
function registerSchemas(basePath: string) {
  const registry = z.registry<{
    id: string
    examples?: unknown[]
    description?: string
  }>()
  const seed = createSeed()
  const add = <S extends z.ZodType>(
    id: string,
    schema: S,
    examples?: unknown[],
    description?: string,
  ) => {
    registry.add(schema, {
      id,
      ...(examples && { examples }),
      ...(description && { description }),
    })
    return schema
  }

  // Every link stays inside the API: its href starts with the base path.
  const href = z
    .string()
    .regex(new RegExp(`^${escapeRegExp(basePath)}(/|\\?|$)`))
  const link = add(
    'Link',
    z.strictObject({
      href,
      method: z.enum(['POST', 'PUT', 'DELETE']).optional(),
      title: z.string().optional(),
    }),
  )
  const actionLink = add(
    'ActionLink',
    z.strictObject({ href, method: z.literal('POST'), title: z.string() }),
  )

  const rootRelations = [
    'self',
    'orders',
    'payments',
    'transfers',
    'accounts',
    'customers',
    'problems',
    'service-desc',
  ] as const
  add(
    'Root',
    z.strictObject({
      name: z.string(),
      description: z.string(),
      _links: z.strictObject(
        Object.fromEntries(rootRelations.map((rel) => [rel, link])),
      ),
    }),
  )

  const orderMembers = rowSchemas.order.omit({ paymentId: true })
  const byStatus = (status: string) =>
    seed.orders
      .filter((o) => o.status === status)
      .slice(0, 1)
      .map((o) => presentOrder(o, basePath))
  const pending = add(
    'PendingOrder',
    orderMembers.extend({
      status: z.literal('pending'),
      _links: z.strictObject({
        self: link,
        customer: link,
        cancel: actionLink,
        pay: actionLink,
      }),
    }),
    byStatus('pending'),
  )
  const paid = add(
    'PaidOrder',
    orderMembers.extend({
      status: z.literal('paid'),
      _links: z.strictObject({
        self: link,
        customer: link,
        payment: link.optional(),
      }),
    }),
    byStatus('paid'),
  )
  const cancelled = add(
    'CancelledOrder',
    orderMembers.extend({
      status: z.literal('cancelled'),
      _links: z.strictObject({ self: link, customer: link }),
    }),
    byStatus('cancelled'),
  )
  const order = add(
    'Order',
    z.discriminatedUnion('status', [pending, paid, cancelled]),
  )
  const payment = add(
    'Payment',
    rowSchemas.payment.omit({ customerId: true }).extend({
      _links: z.strictObject({ self: link, order: link.optional() }),
    }),
    seed.payments.slice(0, 1).map((p) => presentPayment(p, basePath)),
  )
  const account = add(
    'Account',
    rowSchemas.account.omit({ version: true }).extend({
      _links: z.strictObject({ self: link, customer: link, transfers: link }),
    }),
    seed.accounts.slice(0, 1).map((a) => presentAccount(a, basePath)),
  )
  const transfer = add(
    'Transfer',
    rowSchemas.transfer.omit({ failure: true }).extend({
      _links: z.strictObject({ self: link, from: link, to: link }),
    }),
    seed.transfers.slice(0, 1).map((t) => presentTransfer(t, basePath)),
  )
  const customer = add(
    'Customer',
    rowSchemas.customer.extend({
      _links: z.strictObject({ self: link, orders: link, accounts: link }),
    }),
    seed.customers.slice(0, 1).map((c) => presentCustomer(c, basePath)),
  )
  const pageLinks = z.strictObject({
    self: link,
    first: link,
    last: link,
    prev: link.optional(),
    next: link.optional(),
  })
  const items = {
    Order: order,
    Payment: payment,
    Account: account,
    Transfer: transfer,
    Customer: customer,
  }
  for (const [name, item] of Object.entries(items)) {
    add(
      collectionSchemaName(name),
      z.strictObject({
        items: z.array(item),
        page: z.number().int().positive(),
        perPage: z.number().int().min(1).max(100),
        total: z.number().int().nonnegative(),
        _links: pageLinks,
      }),
    )
  }

  const firstOrder = seed.orders[0]!
  const firstPayment = seed.payments[0]!
  const firstTransfer = seed.transfers[0]!
  add('OrderCreate', orderCreate, [
    {
      total: firstOrder.total,
      currency: firstOrder.currency,
      note: firstOrder.note,
    },
  ])
  add('OrderReplace', orderReplace, [
    {
      total: firstOrder.total,
      currency: firstOrder.currency,
      note: 'Updated note',
      version: firstOrder.version,
    },
  ])
  add('PaymentCreate', paymentCreate, [
    { amount: firstPayment.amount, currency: firstPayment.currency },
  ])
  add('TransferCreate', transferCreate, [
    {
      fromAccountId: firstTransfer.fromAccountId,
      toAccountId: firstTransfer.toAccountId,
      amount: firstTransfer.amount,
      currency: firstTransfer.currency,
    },
  ])
  add('EmptyAction', emptyAction, [{}])

  const problems = problemSlugs.map((slug) => {
    const { status, title, summary } = problemCatalogue[slug]
    return add(
      problemSchemaName(slug),
      z.strictObject({
        type: z.literal(`${basePath}/problems/${slug}`),
        title: z.literal(title),
        status: z.literal(status),
        detail: z.string().min(1),
        instance: z.string(),
        requestId: z.string().min(1),
        ...problemMembers[slug],
      }),
      undefined,
      summary,
    )
  })
  const [firstProblem, ...otherProblems] = problems
  add(
    'Problem',
    z.discriminatedUnion('type', [firstProblem!, ...otherProblems]),
  )
  add(
    'OpenApiDocument',
    z.looseObject({
      openapi: z.string().regex(/^3\.1\./),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
    }),
  )
  return registry
}

/** The `components.schemas` of the description for one base path, as JSON Schema 2020-12. */
export function componentSchemas(basePath: string): Record<string, JsonSchema> {
  const registry = registerSchemas(basePath)
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    metadata: registry, // the examples and descriptions, besides the ids
    uri: (id) => `#/components/schemas/${id}`,
  })
  // Each entry becomes part of one document: the per-schema `$schema` and `$id` would make
  // every entry a separate resource, and OpenAPI 3.1 already says which dialect applies.
  return Object.fromEntries(
    Object.entries(schemas).map(
      ([name, { $schema: _s, $id: _i, ...schema }]) => [name, schema],
    ),
  )
}
