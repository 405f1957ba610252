import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { balanceSum, expectInvariants } from './support/expect-invariants.ts'
import { expectWellFormed, type Answer } from './support/expect-well-formed.ts'
import { currencies, fromMinor, toMinor } from './support/money.ts'
import {
  project,
  projectModel,
  seedModel,
  type Model,
  type ModelOrder,
} from './support/order-model.ts'

type Token =
  | 'customer-1-token'
  | 'customer-2-token'
  | 'admin-token'
  | 'readonly-token'
type Real = MockApi

const api = createMockApi({ config: { rateLimit: false } })
const seedMoney = balanceSum(api.state.snapshot())
let generated = 0
let commandsRun = 0
let keyCounter = 0

afterAll(() => {
  console.log(
    `[property] orders-payments-transfers-model: ${generated} generated requests in ${commandsRun} commands`,
  )
})

const customerOf = (token: Token) =>
  token === 'customer-2-token' ? 2 : token === 'admin-token' ? null : 1
const sees = (token: Token, customerId: number | null) =>
  token === 'admin-token' ||
  (customerId !== null && customerId === customerOf(token))
const canWrite = (token: Token) => token !== 'readonly-token'

interface Call {
  token: Token
  method: string
  path: string
  body?: unknown
  key?: string | null
  ifMatch?: string
  ifNoneMatch?: string
}

async function send(call: Call): Promise<Answer> {
  const headers = new Headers({ Authorization: `Bearer ${call.token}` })
  const text = call.body === undefined ? undefined : JSON.stringify(call.body)
  if (text !== undefined) headers.set('Content-Type', 'application/json')
  if (call.key) headers.set('Idempotency-Key', call.key)
  if (call.ifMatch) headers.set('If-Match', call.ifMatch)
  if (call.ifNoneMatch) headers.set('If-None-Match', call.ifNoneMatch)
  const request = new Request(`http://hypermock.test${call.path}`, {
    method: call.method,
    headers,
    ...(text !== undefined && { body: text }),
  })
  generated += 1
  return expectWellFormed(request, await api.fetch(request))
}

function slugOf(answer: Answer) {
  const type = (answer.body as { type?: unknown } | undefined)?.type
  return typeof type === 'string' ? type.replace('/api/problems/', '') : null
}

function expectAnswer(answer: Answer, status: number, slug: string | null) {
  expect(
    { status: answer.status, slug: slugOf(answer) },
    answer.text.slice(0, 300),
  ).toEqual({ status, slug })
}

/** Keyed POSTs whose result the mock stores (2xx, state conflicts, insufficient funds) become replayable. */
function remember(
  model: Model,
  call: Call,
  answer: Answer,
  orderId: number | null,
) {
  if (!call.key) return
  const slug = slugOf(answer)
  if (
    answer.status < 300 ||
    slug === 'state-conflict' ||
    slug === 'insufficient-funds'
  ) {
    model.stored.push({
      token: call.token,
      path: call.path,
      key: call.key,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      status: answer.status,
      text: answer.text,
      orderId,
    })
  }
}

function agree(model: Model) {
  const state = api.state.snapshot()
  expect(project(state)).toEqual(projectModel(model))
  expectInvariants(state, seedMoney)
  commandsRun += 1
}

const keyFor = (useKey: boolean) => (useKey ? `model-${++keyCounter}` : null)

/** Any order id the model has handed out (deleted ones included), or one that never existed. */
function pickOrder(model: Model, selector: number) {
  const count = model.next.order
  return (selector % count) + 1 === count ? count + 100 : (selector % count) + 1
}

function visibleOrder(model: Model, token: Token, id: number) {
  const order = model.orders.get(id)
  return order && sees(token, order.customerId) ? order : undefined
}

function totalFor(minor: number, currency: string, fractional: boolean) {
  // A jpy total with cents is invalid: jpy has no minor unit.
  return currency === 'jpy' && fractional
    ? minor / 100
    : fromMinor(minor, currency)
}
const totalInvalid = (minor: number, currency: string, fractional: boolean) =>
  currency === 'jpy' && fractional && minor % 100 !== 0

function addPayment(
  model: Model,
  answer: Answer,
  amount: number,
  currency: string,
  order: ModelOrder | undefined,
  token: Token,
) {
  const id = model.next.payment++
  expect(answer.body).toMatchObject({
    id,
    amount,
    currency,
    status: 'succeeded',
    orderId: order?.id ?? null,
  })
  expect(answer.headers.get('Location')).toBe(`/api/payments/${id}`)
  model.payments.set(id, {
    id,
    amount,
    currency,
    orderId: order?.id ?? null,
    customerId: order?.customerId ?? customerOf(token),
  })
  if (order) {
    order.status = 'paid'
    order.paymentId = id
    order.version += 1
  }
}

abstract class Command<P = object> implements fc.AsyncCommand<Model, Real> {
  readonly p: P
  constructor(p: P) {
    this.p = p
  }
  check(_model: Readonly<Model>) {
    return true
  }
  async run(model: Model) {
    await this.apply(model)
    agree(model)
  }
  abstract apply(model: Model): Promise<void>
  abstract toString(): string
}

class CreateOrder extends Command<{
  token: Token
  minor: number
  currency: string
  fractional: boolean
  customerId: number
  useKey: boolean
}> {
  async apply(model: Model) {
    const total = totalFor(this.p.minor, this.p.currency, this.p.fractional)
    const admin = this.p.token === 'admin-token'
    const call: Call = {
      token: this.p.token,
      method: 'POST',
      path: '/api/orders',
      body: {
        total,
        currency: this.p.currency,
        ...(admin && { customerId: this.p.customerId }),
      },
      key: keyFor(this.p.useKey),
    }
    const answer = await send(call)
    if (!canWrite(this.p.token)) return expectAnswer(answer, 403, 'forbidden')
    if (totalInvalid(this.p.minor, this.p.currency, this.p.fractional))
      return expectAnswer(answer, 422, 'validation-failed')
    expectAnswer(answer, 201, null)
    const id = model.next.order++
    const customerId = admin ? this.p.customerId : customerOf(this.p.token)!
    expect(answer.body).toMatchObject({
      id,
      status: 'pending',
      total,
      currency: this.p.currency,
      customerId,
      version: 1,
    })
    model.orders.set(id, {
      id,
      status: 'pending',
      total,
      currency: this.p.currency,
      customerId,
      version: 1,
      paymentId: null,
    })
    remember(model, call, answer, null)
  }
  toString() {
    return `createOrder(${this.p.token}, ${this.p.minor} ${this.p.currency}${this.p.fractional ? ' fractional' : ''}, customer ${this.p.customerId}, key=${this.p.useKey})`
  }
}

class PayByLink extends Command<{
  token: Token
  selector: number
  useKey: boolean
}> {
  async apply(model: Model) {
    const id = pickOrder(model, this.p.selector)
    const order = visibleOrder(model, this.p.token, id)
    const read = await send({
      token: this.p.token,
      method: 'GET',
      path: `/api/orders/${id}`,
    })
    if (!order) {
      expectAnswer(read, 404, 'not-found')
      const post = await send({
        token: this.p.token,
        method: 'POST',
        path: `/api/orders/${id}/payment`,
        key: keyFor(this.p.useKey),
      })
      return canWrite(this.p.token)
        ? expectAnswer(post, 404, 'not-found')
        : expectAnswer(post, 403, 'forbidden')
    }
    expectAnswer(read, 200, null)
    const links = (read.body as { _links: Record<string, { href: string }> })
      ._links
    expect(links.pay !== undefined).toBe(order.status === 'pending')
    // A stale client follows the link it remembers, which the state no longer offers.
    const call: Call = {
      token: this.p.token,
      method: 'POST',
      path: links.pay?.href ?? `/api/orders/${id}/payment`,
      key: keyFor(this.p.useKey),
    }
    const answer = await send(call)
    if (!canWrite(this.p.token)) return expectAnswer(answer, 403, 'forbidden')
    if (order.status !== 'pending') {
      expectAnswer(answer, 409, 'state-conflict')
    } else {
      expectAnswer(answer, 201, null)
      addPayment(
        model,
        answer,
        toMinor(order.total, order.currency),
        order.currency,
        order,
        this.p.token,
      )
    }
    remember(model, call, answer, id)
  }
  toString() {
    return `payByLink(${this.p.token}, #${this.p.selector}, key=${this.p.useKey})`
  }
}

class Cancel extends Command<{
  token: Token
  selector: number
  useKey: boolean
}> {
  async apply(model: Model) {
    const id = pickOrder(model, this.p.selector)
    const order = visibleOrder(model, this.p.token, id)
    const call: Call = {
      token: this.p.token,
      method: 'POST',
      path: `/api/orders/${id}/cancel`,
      key: keyFor(this.p.useKey),
    }
    const answer = await send(call)
    if (!canWrite(this.p.token)) return expectAnswer(answer, 403, 'forbidden')
    if (!order) return expectAnswer(answer, 404, 'not-found')
    if (order.status !== 'pending') {
      expectAnswer(answer, 409, 'state-conflict')
    } else {
      expectAnswer(answer, 200, null)
      order.status = 'cancelled'
      order.version += 1
      expect(answer.body).toMatchObject({
        id,
        status: 'cancelled',
        version: order.version,
      })
    }
    remember(model, call, answer, id)
  }
  toString() {
    return `cancel(${this.p.token}, #${this.p.selector}, key=${this.p.useKey})`
  }
}

type Precondition = 'none' | 'current' | 'stale'

/** The order's ETag as a GET shows it, or a stale one. */
async function etagFor(token: Token, id: number, mode: Precondition) {
  if (mode === 'none') return undefined
  if (mode === 'stale') return '"stale-etag"'
  const read = await send({ token, method: 'GET', path: `/api/orders/${id}` })
  return read.headers.get('ETag') ?? undefined
}

class Replace extends Command<{
  token: Token
  selector: number
  minor: number
  currency: string
  fractional: boolean
  version: Precondition
  ifMatch: Precondition
}> {
  async apply(model: Model) {
    const id = pickOrder(model, this.p.selector)
    const order = visibleOrder(model, this.p.token, id)
    const total = totalFor(this.p.minor, this.p.currency, this.p.fractional)
    const version =
      this.p.version === 'none' || !order
        ? undefined
        : this.p.version === 'current'
          ? order.version
          : order.version + 1
    const ifMatch = order
      ? await etagFor(this.p.token, id, this.p.ifMatch)
      : undefined
    const answer = await send({
      token: this.p.token,
      method: 'PUT',
      path: `/api/orders/${id}`,
      body: {
        total,
        currency: this.p.currency,
        ...(version !== undefined && { version }),
      },
      ...(ifMatch !== undefined && { ifMatch }),
    })
    if (!canWrite(this.p.token)) return expectAnswer(answer, 403, 'forbidden')
    if (!order) return expectAnswer(answer, 404, 'not-found')
    if (this.p.ifMatch === 'stale')
      return expectAnswer(answer, 412, 'precondition-failed')
    if (totalInvalid(this.p.minor, this.p.currency, this.p.fractional))
      return expectAnswer(answer, 422, 'validation-failed')
    if (order.status !== 'pending')
      return expectAnswer(answer, 409, 'state-conflict')
    if (this.p.version === 'stale')
      return expectAnswer(answer, 409, 'version-mismatch')
    expectAnswer(answer, 200, null)
    order.total = total
    order.currency = this.p.currency
    order.version += 1
    expect(answer.body).toMatchObject({
      id,
      total,
      currency: this.p.currency,
      version: order.version,
    })
    expect(answer.headers.get('ETag')).not.toBe(ifMatch)
  }
  toString() {
    return `replace(${this.p.token}, #${this.p.selector}, ${this.p.minor} ${this.p.currency}${this.p.fractional ? ' fractional' : ''}, version=${this.p.version}, If-Match=${this.p.ifMatch})`
  }
}

class Delete extends Command<{
  token: Token
  selector: number
  ifMatch: Precondition
}> {
  async apply(model: Model) {
    const id = pickOrder(model, this.p.selector)
    const order = visibleOrder(model, this.p.token, id)
    const ifMatch = order
      ? await etagFor(this.p.token, id, this.p.ifMatch)
      : undefined
    const answer = await send({
      token: this.p.token,
      method: 'DELETE',
      path: `/api/orders/${id}`,
      ...(ifMatch !== undefined && { ifMatch }),
    })
    if (!canWrite(this.p.token)) return expectAnswer(answer, 403, 'forbidden')
    if (!order) return expectAnswer(answer, 404, 'not-found')
    if (this.p.ifMatch === 'stale')
      return expectAnswer(answer, 412, 'precondition-failed')
    if (order.status === 'paid')
      return expectAnswer(answer, 409, 'state-conflict')
    expectAnswer(answer, 204, null)
    model.orders.delete(id)
  }
  toString() {
    return `delete(${this.p.token}, #${this.p.selector}, If-Match=${this.p.ifMatch})`
  }
}

class PostPayment extends Command<{
  token: Token
  selector: number | null
  amountOff: boolean
  otherCurrency: boolean
  amount: number
  useKey: boolean
}> {
  async apply(model: Model) {
    const id =
      this.p.selector === null ? null : pickOrder(model, this.p.selector)
    const order =
      id === null ? undefined : visibleOrder(model, this.p.token, id)
    const stored = id === null ? undefined : model.orders.get(id)
    const base = stored?.currency ?? 'usd'
    const currency = this.p.otherCurrency
      ? base === 'usd'
        ? 'eur'
        : 'usd'
      : base
    const amount = stored
      ? toMinor(stored.total, stored.currency) + (this.p.amountOff ? 1 : 0)
      : this.p.amount
    const call: Call = {
      token: this.p.token,
      method: 'POST',
      path: '/api/payments',
      body: { amount, currency, ...(id !== null && { orderId: id }) },
      key: keyFor(this.p.useKey),
    }
    const answer = await send(call)
    if (!canWrite(this.p.token)) return expectAnswer(answer, 403, 'forbidden')
    if (id !== null) {
      if (!order || this.p.otherCurrency)
        return expectAnswer(answer, 422, 'validation-failed')
      if (order.status === 'pending' && this.p.amountOff)
        return expectAnswer(answer, 422, 'validation-failed')
      if (order.status !== 'pending') {
        expectAnswer(answer, 409, 'state-conflict')
        return remember(model, call, answer, null)
      }
    }
    expectAnswer(answer, 201, null)
    addPayment(model, answer, amount, currency, order, this.p.token)
    remember(model, call, answer, null)
  }
  toString() {
    return `postPayment(${this.p.token}, order #${this.p.selector}, amountOff=${this.p.amountOff}, otherCurrency=${this.p.otherCurrency}, ${this.p.amount}, key=${this.p.useKey})`
  }
}

class PostTransfer extends Command<{
  token: Token
  from: number
  to: number
  amount: number
  useKey: boolean
}> {
  async apply(model: Model) {
    const call: Call = {
      token: this.p.token,
      method: 'POST',
      path: '/api/transfers',
      body: {
        fromAccountId: this.p.from,
        toAccountId: this.p.to,
        amount: this.p.amount,
        currency: 'usd',
      },
      key: keyFor(this.p.useKey),
    }
    const answer = await send(call)
    if (!canWrite(this.p.token)) return expectAnswer(answer, 403, 'forbidden')
    const from = model.accounts.get(this.p.from)
    const to = model.accounts.get(this.p.to)
    if (!from || !sees(this.p.token, from.customerId) || !to || from === to)
      return expectAnswer(answer, 422, 'validation-failed')
    const id = model.next.transfer++
    if (from.balance < this.p.amount) {
      expectAnswer(answer, 422, 'insufficient-funds')
      expect(answer.body).toMatchObject({
        balance: from.balance,
        requested: this.p.amount,
        accountId: from.id,
        instance: `/api/transfers/${id}`,
      })
      model.transfers.set(id, {
        id,
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: this.p.amount,
        status: 'failed',
        balance: from.balance,
      })
    } else {
      expectAnswer(answer, 201, null)
      expect(answer.body).toMatchObject({ id, status: 'completed' })
      from.balance -= this.p.amount
      to.balance += this.p.amount
      model.transfers.set(id, {
        id,
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: this.p.amount,
        status: 'completed',
        balance: null,
      })
    }
    remember(model, call, answer, null)
  }
  toString() {
    return `postTransfer(${this.p.token}, ${this.p.from} → ${this.p.to}, ${this.p.amount}, key=${this.p.useKey})`
  }
}

/** Sends a stored keyed request again: the same bytes come back, and nothing runs twice. */
class Replay extends Command<{ selector: number; changeBody: boolean }> {
  override check(model: Readonly<Model>) {
    return model.stored.length > 0
  }
  async apply(model: Model) {
    const call = model.stored[this.p.selector % model.stored.length]!
    const body = this.p.changeBody
      ? JSON.stringify({ different: true })
      : call.body
    const answer = await send({
      token: call.token as Token,
      method: 'POST',
      path: call.path,
      key: call.key,
      ...(body !== undefined && { body: JSON.parse(body) as unknown }),
    })
    // The item named by the path is looked up before the key (contract section 5).
    if (
      call.orderId !== null &&
      !visibleOrder(model, call.token as Token, call.orderId)
    )
      return expectAnswer(answer, 404, 'not-found')
    if (this.p.changeBody)
      return expectAnswer(answer, 422, 'idempotency-key-reused')
    expect(answer.status).toBe(call.status)
    expect(answer.text).toBe(call.text)
    expect(answer.headers.get('Idempotent-Replayed')).toBe('true')
  }
  toString() {
    return `replay(#${this.p.selector}${this.p.changeBody ? ', other body' : ''})`
  }
}

/** A day of mock time later every key has expired: a new request with it runs again. */
class ExpireKeys extends Command {
  async apply(model: Model) {
    api.clock.advance(24 * 3_600_000 + 1)
    model.stored = []
  }
  toString() {
    return 'expireKeys()'
  }
}

class ReadBack extends Command<{
  token: Token
  kind: 'order' | 'payment' | 'transfer' | 'account'
  selector: number
}> {
  /** What a GET must show for the id, or undefined when it must be a 404. */
  expected(model: Model, id: number): Record<string, unknown> | undefined {
    const owner = (accountId: number) =>
      model.accounts.get(accountId)?.customerId ?? null
    switch (this.p.kind) {
      case 'order': {
        const o = visibleOrder(model, this.p.token, id)
        return (
          o && {
            id,
            status: o.status,
            total: o.total,
            currency: o.currency,
            customerId: o.customerId,
            version: o.version,
          }
        )
      }
      case 'payment': {
        const p = model.payments.get(id)
        return p && sees(this.p.token, p.customerId)
          ? {
              id,
              amount: p.amount,
              currency: p.currency,
              orderId: p.orderId,
              status: 'succeeded',
            }
          : undefined
      }
      case 'account': {
        const a = model.accounts.get(id)
        return a && sees(this.p.token, a.customerId)
          ? { id, customerId: a.customerId, balance: a.balance }
          : undefined
      }
      case 'transfer': {
        const t = model.transfers.get(id)
        return t &&
          (sees(this.p.token, owner(t.fromAccountId)) ||
            sees(this.p.token, owner(t.toAccountId)))
          ? {
              id,
              fromAccountId: t.fromAccountId,
              toAccountId: t.toAccountId,
              amount: t.amount,
              status: t.status,
            }
          : undefined
      }
    }
  }
  async apply(model: Model) {
    const table: Map<number, unknown> = {
      order: model.orders,
      payment: model.payments,
      transfer: model.transfers,
      account: model.accounts,
    }[this.p.kind]
    const id = (this.p.selector % (Math.max(0, ...table.keys()) + 2)) + 1
    const path = `/api/${this.p.kind}s/${id}`
    const answer = await send({ token: this.p.token, method: 'GET', path })
    const expected = this.expected(model, id)
    if (!expected) return expectAnswer(answer, 404, 'not-found')
    if (expected.status === 'failed') {
      expectAnswer(answer, 422, 'insufficient-funds')
      return void expect(answer.body).toMatchObject({
        balance: model.transfers.get(id)!.balance,
        requested: expected.amount,
        instance: path,
      })
    }
    expectAnswer(answer, 200, null)
    expect(answer.body).toMatchObject(expected)
    if (this.p.kind === 'order') {
      const links = Object.keys(
        (answer.body as { _links: Record<string, unknown> })._links,
      ).sort()
      expect(links).toEqual(
        {
          pending: ['cancel', 'customer', 'pay', 'self'],
          paid: ['customer', 'payment', 'self'],
          cancelled: ['customer', 'self'],
        }[expected.status as ModelOrder['status']],
      )
    }
    const etag = answer.headers.get('ETag')
    expect(etag).not.toBeNull()
    const again = await send({
      token: this.p.token,
      method: 'GET',
      path,
      ifNoneMatch: etag!,
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('ETag')).toBe(etag)
  }
  toString() {
    return `readBack(${this.p.token}, ${this.p.kind} #${this.p.selector})`
  }
}

const tokenArb = fc.constantFrom<Token>(
  'customer-1-token',
  'customer-1-token',
  'customer-2-token',
  'admin-token',
  'readonly-token',
)
const writerArb = fc.constantFrom<Token>(
  'customer-1-token',
  'customer-1-token',
  'customer-2-token',
  'admin-token',
)
const selectorArb = fc.nat({ max: 1_000 })
const preconditionArb = fc.constantFrom<Precondition>(
  'none',
  'none',
  'current',
  'stale',
)
const currencyArb = fc.constantFrom(...currencies)
const minorArb = fc.integer({ min: 1, max: 2_000_000 })

const useKey = fc.boolean()

const commandArbs = [
  fc
    .record({
      token: tokenArb,
      minor: minorArb,
      currency: currencyArb,
      fractional: fc.boolean(),
      customerId: fc.constantFrom(1, 2),
      useKey,
    })
    .map((p) => new CreateOrder(p)),
  fc
    .record({ token: writerArb, selector: selectorArb, useKey })
    .map((p) => new PayByLink(p)),
  fc
    .record({ token: tokenArb, selector: selectorArb, useKey })
    .map((p) => new Cancel(p)),
  fc
    .record({
      token: tokenArb,
      selector: selectorArb,
      minor: minorArb,
      currency: currencyArb,
      fractional: fc.boolean(),
      version: preconditionArb,
      ifMatch: preconditionArb,
    })
    .map((p) => new Replace(p)),
  fc
    .record({
      token: tokenArb,
      selector: selectorArb,
      ifMatch: preconditionArb,
    })
    .map((p) => new Delete(p)),
  fc
    .record({
      token: writerArb,
      selector: fc.option(selectorArb, { freq: 4 }),
      amountOff: fc.boolean(),
      otherCurrency: fc.boolean(),
      amount: fc.integer({ min: 1, max: 100_000 }),
      useKey,
    })
    .map((p) => new PostPayment(p)),
  fc
    .record({
      token: tokenArb,
      from: fc.integer({ min: 1, max: 4 }),
      to: fc.integer({ min: 1, max: 3 }),
      amount: fc.oneof(
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 1, max: 300_000 }),
      ),
      useKey,
    })
    .map((p) => new PostTransfer(p)),
  fc
    .record({ selector: selectorArb, changeBody: fc.boolean() })
    .map((p) => new Replay(p)),
  fc
    .record({ selector: selectorArb, changeBody: fc.constant(false) })
    .map((p) => new Replay(p)),
  fc.constant(null).map(() => new ExpireKeys({})),
  fc
    .record({
      token: tokenArb,
      kind: fc.constantFrom(
        'order' as const,
        'payment' as const,
        'transfer' as const,
        'account' as const,
      ),
      selector: selectorArb,
    })
    .map((p) => new ReadBack(p)),
]

it('agrees with a reference model of orders, payments and transfers after every command', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.commands(commandArbs, { maxCommands: 40, size: 'max' }),
      async (commands) => {
        api.reset()
        await fc.asyncModelRun(
          () => ({ model: seedModel(), real: api }),
          commands,
        )
      },
    ),
    { numRuns: 150 },
  )
  expect(commandsRun).toBeGreaterThan(1_000)
}, 60_000)
