import { startServer, type RunningServer } from 'hypermock-api/server'
import Stripe from 'stripe'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest'
import { changePlan, close, everyEmail, signUp, stripeAt } from './billing.ts'
import { payments, SECRET_KEY } from './payments.ts'

// The mock on a free port of its own; the SDK is pointed at it with host, port and protocol.
let server: RunningServer
let stripe: Stripe

beforeAll(async () => {
  server = await startServer({ api: payments, port: 0 })
  stripe = stripeAt(server.url, SECRET_KEY)
})
afterEach(() => server.api.reset())
afterAll(() => server.close())

describe('billing code on the official Stripe SDK, against the mock', () => {
  it('signs a customer up with a form-encoded create, as Stripe answers it', async () => {
    const grace = await signUp(
      stripe,
      { name: 'Grace Hopper', email: 'grace@example.com', plan: 'team' },
      'signup-grace',
    )
    expect(grace).toMatchObject({
      id: expect.stringMatching(/^cus_[A-Za-z0-9]{14}$/),
      object: 'customer',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      balance: 0,
      metadata: { plan: 'team' },
    })
    expect(await stripe.customers.retrieve(grace.id)).toMatchObject({
      id: grace.id,
      created: grace.created,
    })
  })

  it('gets the same customer back when a sign-up is retried with its key', async () => {
    const customer = {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      plan: 'team',
    }
    const first = await signUp(stripe, customer, 'signup-grace')
    const retried = await signUp(stripe, customer, 'signup-grace')
    expect(retried.id).toBe(first.id)
    expect(retried.lastResponse.headers['idempotent-replayed']).toBe('true')
    const emails = await everyEmail(stripe, 100)
    expect(emails.filter((e) => e === 'grace@example.com')).toHaveLength(1)
    // The same key with another body is refused as an idempotency error (with 422, where
    // Stripe says 400: the SDK then reads it as an API error of that type).
    const reused = await signUp(
      stripe,
      { ...customer, plan: 'enterprise' },
      'signup-grace',
    ).catch((error: unknown) => error)
    expect(reused).toBeInstanceOf(Stripe.errors.StripeError)
    expect(reused).toMatchObject({
      statusCode: 422,
      rawType: 'idempotency_error',
    })
  })

  it('retries a sign-up whose answer was lost with the same key: one customer', async () => {
    // The mock creates the customer, then drops the connection before answering.
    server.api.faults.add({
      match: { method: 'POST', path: '/v1/customers' },
      effect: { kind: 'lose-response' },
      times: 1,
    })
    // The SDK waits before its retry: on fake timers, so the test does not.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      const pending = signUp(
        stripe,
        { name: 'Grace Hopper', email: 'grace@example.com', plan: 'team' },
        'signup-grace',
      )
      let settled = false
      void pending.finally(() => (settled = true)).catch(() => {})
      while (!settled) {
        await new Promise((resolve) => setImmediate(resolve))
        if (vi.getTimerCount() > 0) await vi.runOnlyPendingTimersAsync()
      }
      const grace = await pending
      expect(grace.lastResponse.headers['idempotent-replayed']).toBe('true')
    } finally {
      vi.useRealTimers()
    }
    const sent = server.api.journal
      .list()
      .filter((entry) => entry.method === 'POST')
    expect(sent.map((entry) => [entry.status, entry.replayed])).toEqual([
      [0, false],
      [201, true],
    ])
    expect(new Set(sent.map((entry) => entry.idempotencyKey))).toEqual(
      new Set(['signup-grace']),
    )
    const emails = await everyEmail(stripe, 100)
    expect(emails.filter((e) => e === 'grace@example.com')).toHaveLength(1)
  })

  it('updates with a POST on the customer, merging metadata', async () => {
    const ada = (await stripe.customers.list({ limit: 1 })).data[0]!
    await stripe.customers.update(ada.id, { metadata: { team: 'engines' } })
    const moved = await changePlan(stripe, ada.id, 'enterprise')
    expect(moved.metadata).toEqual({ plan: 'enterprise', team: 'engines' })
    expect(moved.created).toBe(ada.created)
  })

  it('walks every page with for await, and autoPagingToArray', async () => {
    for (let i = 1; i <= 6; i++)
      await signUp(
        stripe,
        { name: `Customer ${i}`, email: `c${i}@example.com`, plan: 'free' },
        `signup-${i}`,
      )
    const emails = await everyEmail(stripe, 2)
    expect(emails).toHaveLength(7)
    expect(new Set(emails).size).toBe(7)
    const page = await stripe.customers.list({ limit: 3 })
    expect(page).toMatchObject({
      object: 'list',
      url: '/v1/customers',
      has_more: true,
    })
    const all = await stripe.customers
      .list({ limit: 3 })
      .autoPagingToArray({ limit: 100 })
    expect(all.map((c) => c.email)).toEqual(emails)
  })

  it('closes an account: { id, object, deleted: true }, then reading it is a 404', async () => {
    const ada = (await stripe.customers.list({ limit: 1 })).data[0]!
    const deleted = await close(stripe, ada.id)
    expect(deleted).toMatchObject({
      id: ada.id,
      object: 'customer',
      deleted: true,
    })
    const missing = await stripe.customers
      .retrieve(ada.id)
      .catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' })
  })

  it('reads an invalid field as Stripe reports it: a 400 naming the param', async () => {
    const refused = await stripe.customers
      .create({ email: 'not an email' })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(refused).toMatchObject({ statusCode: 400, param: 'email' })
  })

  it('refuses a key it does not know, as Stripe does', async () => {
    const stranger = stripeAt(server.url, 'sk_test_someone_else')
    const refused = await stranger.customers
      .list()
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(refused).toMatchObject({ statusCode: 401 })
  })
})
