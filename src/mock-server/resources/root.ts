import { HttpResponse } from '../http-response.ts'
import type { HandlerContext } from '../route-spec.ts'

const collections = {
  orders: 'Orders',
  payments: 'Payments',
  transfers: 'Transfers',
  accounts: 'Accounts',
  customers: 'Customers',
} as const

/** The entry point: the only URL a hypermedia client needs to know. */
export function getRoot(ctx: HandlerContext) {
  const base = ctx.runtime.basePath
  const _links: Record<string, { href: string; title?: string }> = {
    self: { href: base },
  }
  for (const [rel, title] of Object.entries(collections))
    _links[rel] = { href: `${base}/${rel}`, title }
  _links.problems = { href: `${base}/problems`, title: 'Problem types' }
  // RFC 8631: where a machine finds the description of this API.
  _links['service-desc'] = {
    href: `${base}/openapi.json`,
    title: 'OpenAPI description',
  }
  return HttpResponse.json({
    name: 'hypermock',
    description:
      'A mock resource-oriented JSON API. Follow the links; send Authorization: Bearer <token>.',
    _links,
  })
}
