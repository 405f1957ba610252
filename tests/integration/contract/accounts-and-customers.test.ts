import { describe, expect, it } from 'vitest'
import {
  contractTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import {
  readJson,
  type Account,
  type Collection,
  type Customer,
  type Order,
  type Transfer,
} from '../../support/representations.ts'
import { auth, request } from '../../support/request-init.ts'

describe.each(contractTargets)(
  'accounts and customers over $name',
  (factory) => {
    const target = useContractTarget(factory)
    const customer = auth('customer-1-token')

    async function get<T>(path: string) {
      const response = await target.fetch(path, request(customer))
      expect(response.status, path).toBe(200)
      return readJson<T>(response)
    }

    it('lists the caller’s accounts', async () => {
      const page = await get<Collection<Account>>('/api/accounts')
      expect(page.items.map((a) => a.id)).toEqual([1, 2])
    })

    it('reads an account with self, customer and transfers links', async () => {
      expect(await get<Account>('/api/accounts/1')).toEqual({
        id: 1,
        customerId: 1,
        currency: 'usd',
        balance: 100_000,
        _links: {
          self: { href: '/api/accounts/1' },
          customer: { href: '/api/customers/1' },
          transfers: { href: '/api/accounts/1/transfers' },
        },
      })
    })

    it('lists the transfers in and out of an account', async () => {
      const page = await get<Collection<Transfer>>('/api/accounts/1/transfers')
      expect(page.items.map((t) => t.id)).toEqual([1, 2])
      const only = await get<Collection<Transfer>>('/api/accounts/2/transfers')
      expect(only.items.map((t) => t.id)).toEqual([2])
    })

    it('lists the caller’s own customer only', async () => {
      const page = await get<Collection<Customer>>('/api/customers')
      expect(page.items.map((c) => c.id)).toEqual([1])
    })

    it('reads a customer with self, orders and accounts links', async () => {
      expect(await get<Customer>('/api/customers/1')).toEqual({
        id: 1,
        name: 'Acme Corp',
        email: expect.any(String),
        _links: {
          self: { href: '/api/customers/1' },
          orders: { href: '/api/customers/1/orders' },
          accounts: { href: '/api/customers/1/accounts' },
        },
      })
    })

    it('lists a customer’s orders and accounts as nested collections', async () => {
      const orders = await get<Collection<Order>>('/api/customers/1/orders')
      expect(orders.total).toBe(25)
      expect(orders.items.every((o) => o.customerId === 1)).toBe(true)
      const accounts = await get<Collection<Account>>(
        '/api/customers/1/accounts',
      )
      expect(accounts.items.map((a) => a.id)).toEqual([1, 2])
    })

    it('follows a customer’s links to the same nested collections', async () => {
      const acme = await get<Customer>('/api/customers/1')
      const orders = await get<Collection<Order>>(acme._links.orders!.href)
      const accounts = await get<Collection<Account>>(
        acme._links.accounts!.href,
      )
      expect(orders.total).toBe(25)
      expect(accounts.total).toBe(2)
    })
  },
)
