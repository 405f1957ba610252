import { openApiResponse } from './openapi/openapi-response.ts'
import { problemDoc, problemIndex } from './problems/problem-docs.ts'
import {
  getAccount,
  listAccounts,
  listAccountTransfers,
  loadAccount,
} from './resources/accounts.ts'
import {
  getCustomer,
  listCustomerAccounts,
  listCustomerOrders,
  listCustomers,
  loadCustomer,
} from './resources/customers.ts'
import {
  cancelOrder,
  createOrder,
  deleteOrder,
  getOrder,
  listOrders,
  loadOrder,
  payOrder,
  replaceOrder,
} from './resources/orders.ts'
import {
  createPayment,
  getPayment,
  listPayments,
  loadPayment,
} from './resources/payments.ts'
import { getRoot } from './resources/root.ts'
import {
  createTransfer,
  getTransfer,
  listTransfers,
  loadTransfer,
} from './resources/transfers.ts'
import type { RouteSpec } from './route-spec.ts'

/** Every resource under the base path (contract section 2). HEAD and OPTIONS come with every GET. */
export const routes: readonly RouteSpec[] = [
  { path: '', public: true, cache: 'public', methods: { GET: getRoot } },
  {
    path: '/openapi.json',
    public: true,
    cache: 'public',
    methods: {
      // The description is generated from this very table (and cached per base path).
      GET: (ctx) => openApiResponse(routes, ctx.runtime.basePath),
    },
  },
  {
    path: '/problems',
    public: true,
    cache: 'public',
    methods: { GET: problemIndex },
  },
  {
    path: '/problems/:slug',
    public: true,
    cache: 'public',
    methods: { GET: problemDoc },
  },
  { path: '/orders', methods: { GET: listOrders, POST: createOrder } },
  {
    path: '/orders/:id',
    load: loadOrder,
    methods: { GET: getOrder, PUT: replaceOrder, DELETE: deleteOrder },
  },
  {
    path: '/orders/:id/cancel',
    load: loadOrder,
    methods: { POST: cancelOrder },
  },
  { path: '/orders/:id/payment', load: loadOrder, methods: { POST: payOrder } },
  { path: '/payments', methods: { GET: listPayments, POST: createPayment } },
  { path: '/payments/:id', load: loadPayment, methods: { GET: getPayment } },
  { path: '/transfers', methods: { GET: listTransfers, POST: createTransfer } },
  { path: '/transfers/:id', load: loadTransfer, methods: { GET: getTransfer } },
  { path: '/accounts', methods: { GET: listAccounts } },
  { path: '/accounts/:id', load: loadAccount, methods: { GET: getAccount } },
  {
    path: '/accounts/:id/transfers',
    load: loadAccount,
    methods: { GET: listAccountTransfers },
  },
  { path: '/customers', methods: { GET: listCustomers } },
  { path: '/customers/:id', load: loadCustomer, methods: { GET: getCustomer } },
  {
    path: '/customers/:id/orders',
    load: loadCustomer,
    methods: { GET: listCustomerOrders },
  },
  {
    path: '/customers/:id/accounts',
    load: loadCustomer,
    methods: { GET: listCustomerAccounts },
  },
]
