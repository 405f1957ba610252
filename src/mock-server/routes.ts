import { openApiResponse } from './openapi/openapi-response.ts'
import { problemDoc, problemIndex } from './problems/problem-docs.ts'
import { accountRoutes } from './resources/accounts.ts'
import { customerRoutes } from './resources/customers.ts'
import { orderRoutes } from './resources/orders.ts'
import { paymentRoutes } from './resources/payments.ts'
import { getRoot } from './resources/root.ts'
import { transferRoutes } from './resources/transfers.ts'
import type { RouteSpec } from './route-spec.ts'

/**
 * Every resource under the base path (contract section 2); each resource module owns its routes.
 * HEAD and OPTIONS come with every GET.
 */
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
  ...orderRoutes,
  ...paymentRoutes,
  ...transferRoutes,
  ...accountRoutes,
  ...customerRoutes,
]
