import type { ApiDeclaration } from '../../../src/index.ts'
import { shopApi } from '../../../src/domains/shop/index.ts'
import { library } from '../../../examples/own-api/library.ts'
import { notesApi } from './notes-api.ts'

/**
 * One declaration the conventions suite runs over, and the few facts about it a generic test needs:
 * which collection to write to, a valid and an invalid body, a filter, and where it has state.
 * Everything else (links, ETags, Location, Allow) the tests read from the answers.
 */
export interface ConventionsCase {
  name: string
  api: ApiDeclaration
  /** The API's base path as the request path starts ('' at the root). */
  base: string
  headers: Record<string, string>
  /** A collection that creates, replaces and deletes. */
  collection: string
  /** An item of it that may be replaced and deleted. */
  itemId: string | number
  create: Record<string, unknown>
  /** A body with these members wrong, each one on its own. */
  invalid: { body: Record<string, unknown>; fields: readonly string[] }
  /** A filter that keeps some items, and the member and value each kept item has. */
  filter: { query: string; member: string; value: unknown }
  /** A valid replacement of `itemId`. */
  replace: Record<string, unknown>
  /** An item with a transition the seed allows once and refuses after (`state-conflict`). */
  transition: { collection: string; itemId: string | number; rel: string }
}

export const conventionsCases: readonly ConventionsCase[] = [
  {
    name: 'the shop',
    api: shopApi,
    base: '/api',
    headers: { Authorization: 'Bearer customer-1-token' },
    collection: 'orders',
    itemId: 1,
    create: { total: 19.99, currency: 'usd' },
    invalid: {
      body: { total: -5, currency: 'xyz' },
      fields: ['total', 'currency'],
    },
    filter: { query: 'status=pending', member: 'status', value: 'pending' },
    replace: { total: 50, currency: 'eur' },
    transition: { collection: 'orders', itemId: 1, rel: 'cancel' },
  },
  {
    name: 'the lending library',
    api: library,
    base: '/api',
    headers: { Authorization: 'Bearer librarian-token' },
    collection: 'books',
    itemId: 2,
    create: { title: 'Solaris', author: 'Stanisław Lem', year: 1961 },
    invalid: {
      body: { title: '', year: 1200 },
      fields: ['title', 'year', 'author'],
    },
    filter: {
      query: 'author=Octavia E. Butler',
      member: 'author',
      value: 'Octavia E. Butler',
    },
    replace: { title: 'Earthsea', author: 'Ursula K. Le Guin', year: 1968 },
    transition: { collection: 'loans', itemId: 1, rel: 'return' },
  },
  {
    name: 'a notes API (string ids, no auth, at the root)',
    api: notesApi,
    base: '',
    headers: {},
    collection: 'notes',
    itemId: 'shopping',
    create: { title: 'Later', body: 'Call back.' },
    invalid: { body: { title: '', body: 7 }, fields: ['title', 'body'] },
    filter: { query: 'status=draft', member: 'status', value: 'draft' },
    replace: { title: 'Groceries', body: 'Milk.' },
    transition: { collection: 'notes', itemId: 'welcome', rel: 'publish' },
  },
]
