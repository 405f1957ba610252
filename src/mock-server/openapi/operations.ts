import type { CollectionFields } from '../collections/query.ts'
import type { ProblemSlug } from '../problems/catalogue.ts'
import { accountFields } from '../resources/accounts.ts'
import { customerFields } from '../resources/customers.ts'
import { orderFields } from '../resources/orders.ts'
import { paymentFields } from '../resources/payments.ts'
import { transferFields } from '../resources/transfers.ts'
import type { Method } from '../route-spec.ts'

/** What an operation answers when it succeeds. */
export type Success =
  | { status: 200 | 201; schema: string; etag?: boolean }
  | { status: 200; collection: string; fields: CollectionFields }
  | { status: 200; html: true }
  | { status: 204 }

/** What the route table does not say about an operation: its words, its body and its answers. */
export interface OperationDoc {
  operationId: string
  summary: string
  tag: string
  success: Success
  body?: { schema: string; required: boolean }
  /** Honours `If-Match` (412 on a stale ETag). */
  ifMatch?: boolean
  /** The problems the operation itself raises, besides those of the pipeline's checks. */
  problems?: readonly ProblemSlug[]
}

type Key = `${Method} ${string}`

const list = (
  operationId: string,
  summary: string,
  tag: string,
  collection: string,
  fields: CollectionFields,
): OperationDoc => ({
  operationId,
  summary,
  tag,
  success: { status: 200, collection, fields },
})

const read = (
  operationId: string,
  summary: string,
  tag: string,
  schema: string,
  problems?: readonly ProblemSlug[],
): OperationDoc => ({
  operationId,
  summary,
  tag,
  success: { status: 200, schema, etag: true },
  ...(problems && { problems }),
})

/**
 * One entry per route and method of the route table, keyed `METHOD path` with the table's own
 * path syntax. The description generator fails on a route missing here, so none goes undescribed.
 */
export const operationDocs: Record<Key, OperationDoc> = {
  'GET ': {
    operationId: 'getRoot',
    summary: 'The entry point: links to every collection',
    tag: 'Root',
    success: { status: 200, schema: 'Root' },
  },
  'GET /openapi.json': {
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI description',
    tag: 'Root',
    success: { status: 200, schema: 'OpenApiDocument' },
  },
  'GET /problems': {
    operationId: 'listProblemTypes',
    summary: 'Every problem type, as an HTML page',
    tag: 'Problems',
    success: { status: 200, html: true },
  },
  'GET /problems/:slug': {
    operationId: 'getProblemType',
    summary: 'One problem type, as an HTML page',
    tag: 'Problems',
    success: { status: 200, html: true },
    problems: ['not-found'],
  },
  'GET /orders': list(
    'listOrders',
    'List orders',
    'Orders',
    'Order',
    orderFields,
  ),
  'POST /orders': {
    operationId: 'createOrder',
    summary: 'Create an order',
    tag: 'Orders',
    success: { status: 201, schema: 'PendingOrder', etag: true },
    body: { schema: 'OrderCreate', required: true },
    problems: ['validation-failed'],
  },
  'GET /orders/:id': read('getOrder', 'Read an order', 'Orders', 'Order'),
  'PUT /orders/:id': {
    operationId: 'replaceOrder',
    summary: 'Replace a pending order',
    tag: 'Orders',
    success: { status: 200, schema: 'PendingOrder', etag: true },
    body: { schema: 'OrderReplace', required: true },
    ifMatch: true,
    problems: ['validation-failed', 'state-conflict', 'version-mismatch'],
  },
  'DELETE /orders/:id': {
    operationId: 'deleteOrder',
    summary: 'Delete an order that is not paid',
    tag: 'Orders',
    success: { status: 204 },
    ifMatch: true,
    problems: ['state-conflict'],
  },
  'POST /orders/:id/cancel': {
    operationId: 'cancelOrder',
    summary: 'Cancel a pending order (its `cancel` link)',
    tag: 'Orders',
    success: { status: 200, schema: 'CancelledOrder', etag: true },
    body: { schema: 'EmptyAction', required: false },
    ifMatch: true,
    problems: ['validation-failed', 'state-conflict'],
  },
  'POST /orders/:id/payment': {
    operationId: 'payOrder',
    summary: 'Pay a pending order (its `pay` link)',
    tag: 'Orders',
    success: { status: 201, schema: 'Payment', etag: true },
    body: { schema: 'EmptyAction', required: false },
    ifMatch: true,
    problems: ['validation-failed', 'state-conflict'],
  },
  'GET /payments': list(
    'listPayments',
    'List payments',
    'Payments',
    'Payment',
    paymentFields,
  ),
  'POST /payments': {
    operationId: 'createPayment',
    summary: 'Create a payment, optionally for an order',
    tag: 'Payments',
    success: { status: 201, schema: 'Payment', etag: true },
    body: { schema: 'PaymentCreate', required: true },
    problems: ['validation-failed', 'state-conflict'],
  },
  'GET /payments/:id': read(
    'getPayment',
    'Read a payment',
    'Payments',
    'Payment',
  ),
  'GET /transfers': list(
    'listTransfers',
    'List transfers',
    'Transfers',
    'Transfer',
    transferFields,
  ),
  'POST /transfers': {
    operationId: 'createTransfer',
    summary: 'Move money between two accounts of one currency',
    tag: 'Transfers',
    success: { status: 201, schema: 'Transfer', etag: true },
    body: { schema: 'TransferCreate', required: true },
    problems: ['validation-failed', 'insufficient-funds'],
  },
  'GET /transfers/:id': read(
    'getTransfer',
    'Read a transfer (a failed one answers its problem)',
    'Transfers',
    'Transfer',
    ['insufficient-funds'],
  ),
  'GET /accounts': list(
    'listAccounts',
    'List accounts',
    'Accounts',
    'Account',
    accountFields,
  ),
  'GET /accounts/:id': read(
    'getAccount',
    'Read an account',
    'Accounts',
    'Account',
  ),
  'GET /accounts/:id/transfers': list(
    'listAccountTransfers',
    'Transfers in and out of an account',
    'Accounts',
    'Transfer',
    transferFields,
  ),
  'GET /customers': list(
    'listCustomers',
    'List customers',
    'Customers',
    'Customer',
    customerFields,
  ),
  'GET /customers/:id': read(
    'getCustomer',
    'Read a customer',
    'Customers',
    'Customer',
  ),
  'GET /customers/:id/orders': list(
    'listCustomerOrders',
    'Orders of a customer',
    'Customers',
    'Order',
    orderFields,
  ),
  'GET /customers/:id/accounts': list(
    'listCustomerAccounts',
    'Accounts of a customer',
    'Customers',
    'Account',
    accountFields,
  ),
}
