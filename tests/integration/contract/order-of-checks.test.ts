import { describe, expect, it } from 'vitest'
import {
  contractTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import {
  auth,
  idempotencyKey,
  request,
  sendJson,
  sendRaw,
} from '../../support/request-init.ts'

const MiB = 1024 * 1024
const hugeJson = JSON.stringify({
  total: 1,
  currency: 'usd',
  note: 'x'.repeat(MiB),
})
const json = { 'Content-Type': 'application/json' }
const text = { 'Content-Type': 'text/plain' }
const invalidOrder = { total: -1, currency: 'EUR', ammount: 3 }

/**
 * Each request breaks two rules of contract section 5 at once; the earlier check must answer.
 * The second rule is checked on its own too, so a pass never hides a check that is simply missing.
 */
describe.each(contractTargets)('order of checks over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')
  const readonly = auth('readonly-token')

  it('answers an unknown path before authentication: 404 without a token', async () => {
    const response = await target.fetch('/api/nowhere', request({}))
    await expectProblem(response, 404, 'not-found')
  })

  it('answers a wrong method before authentication: 405 without a token', async () => {
    const response = await target.fetch('/api/orders', request({}, 'DELETE'))
    await expectProblem(response, 405, 'method-not-allowed')
  })

  it('answers a wrong method before scope: 405 for a read-only token', async () => {
    const response = await target.fetch(
      '/api/payments/1',
      request(readonly, 'PUT'),
    )
    await expectProblem(response, 405, 'method-not-allowed')
  })

  it('authenticates before measuring the body: 401 for a huge body without a token', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', hugeJson, json),
    )
    await expectProblem(response, 401, 'unauthenticated')
  })

  it('authenticates before the media type: 401 for an expired token with text/plain', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', 'hello', { ...text, ...auth('expired-token') }),
    )
    await expectProblem(response, 401, 'unauthenticated')
  })

  it('authenticates before looking up the item: 401 for an unknown order without a token', async () => {
    const response = await target.fetch('/api/orders/999', request({}))
    await expectProblem(response, 401, 'unauthenticated')
  })

  it('checks scope before the body: 403 for a read-only token with malformed JSON', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', '{"total": ', { ...json, ...readonly }),
    )
    await expectProblem(response, 403, 'forbidden')
  })

  it('checks scope before the body size: 403 for a read-only token with a huge body', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', hugeJson, { ...json, ...readonly }),
    )
    await expectProblem(response, 403, 'forbidden')
  })

  it('checks scope before looking up the item: 403 for a read-only token deleting an unknown order', async () => {
    const response = await target.fetch(
      '/api/orders/999',
      request(readonly, 'DELETE'),
    )
    await expectProblem(response, 403, 'forbidden')
  })

  it('measures the body before its media type: 413 for a huge text/plain body', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', 'x'.repeat(MiB + 1), { ...text, ...customer }),
    )
    const problem = await expectProblem(response, 413, 'content-too-large')
    expect(problem.maxBytes).toBe(MiB)
  })

  it('measures the body before parsing it: 413 for huge malformed JSON', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', `{${'x'.repeat(MiB)}`, { ...json, ...customer }),
    )
    await expectProblem(response, 413, 'content-too-large')
  })

  it('checks the media type before parsing: 415 for malformed JSON sent as text/plain', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', '{"total": ', { ...text, ...customer }),
    )
    await expectProblem(response, 415, 'unsupported-media-type')
  })

  it('parses the body before looking up the item: 400 for malformed JSON to an unknown order', async () => {
    const response = await target.fetch(
      '/api/orders/999',
      sendRaw('PUT', '{"total": ', { ...json, ...customer }),
    )
    await expectProblem(response, 400, 'invalid-json')
  })

  it('looks up the item before validating: 404 for an invalid body to an unknown order', async () => {
    const response = await target.fetch(
      '/api/orders/999',
      sendJson('PUT', invalidOrder, customer),
    )
    await expectProblem(response, 404, 'not-found')
  })

  it('looks up the item before the idempotency key: 404 for a bad key on another customer’s order', async () => {
    const response = await target.fetch(
      '/api/orders/26/cancel',
      request({ ...customer, ...idempotencyKey('has space') }, 'POST'),
    )
    await expectProblem(response, 404, 'not-found')
  })

  it('checks the idempotency key before validating: 400 for a bad key with an invalid body', async () => {
    const response = await target.fetch(
      '/api/payments',
      sendJson(
        'POST',
        { ammount: 1 },
        {
          ...customer,
          ...idempotencyKey('has space'),
        },
      ),
    )
    await expectProblem(response, 400, 'invalid-idempotency-key')
  })

  it('checks key reuse before validating: 422 idempotency-key-reused for an invalid body under a used key', async () => {
    const headers = { ...customer, ...idempotencyKey('order-of-checks-1') }
    const first = await target.fetch(
      '/api/payments',
      sendJson('POST', { amount: 100, currency: 'usd' }, headers),
    )
    expect(first.status).toBe(201)
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', { ammount: 100 }, headers),
    )
    await expectProblem(response, 422, 'idempotency-key-reused')
  })

  it('checks If-Match before validating: 412 for a stale ETag with an invalid body', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      sendJson('PUT', invalidOrder, { ...customer, 'If-Match': '"stale"' }),
    )
    await expectProblem(response, 412, 'precondition-failed')
  })

  it('checks If-Match before the state: 412 for a stale ETag when cancelling a cancelled order', async () => {
    const response = await target.fetch(
      '/api/orders/3/cancel',
      request({ ...customer, 'If-Match': '"stale"' }, 'POST'),
    )
    await expectProblem(response, 412, 'precondition-failed')
  })

  it('validates before the state: 422 for an invalid body replacing a paid order', async () => {
    const response = await target.fetch(
      '/api/orders/2',
      sendJson('PUT', invalidOrder, customer),
    )
    const problem = await expectProblem(response, 422, 'validation-failed')
    expect(problem.errors).toHaveLength(3)
  })

  it('validates before the version: 422 for an invalid body with a stale version', async () => {
    const response = await target.fetch(
      '/api/orders/1',
      sendJson('PUT', { total: -1, currency: 'usd', version: 99 }, customer),
    )
    await expectProblem(response, 422, 'validation-failed')
  })

  it('validates before the operation: 422 validation-failed, not insufficient-funds', async () => {
    const response = await target.fetch(
      '/api/transfers',
      sendJson(
        'POST',
        {
          fromAccountId: 2,
          toAccountId: 1,
          amount: 100_000,
          currency: 'usd',
          memo: 'x',
        },
        customer,
      ),
    )
    await expectProblem(response, 422, 'validation-failed')
    expect(target.api.state.snapshot().transfers).toHaveLength(2)
  })

  it('reports each second rule on its own when the first is fixed', async () => {
    const unsupported = await target.fetch(
      '/api/orders',
      sendRaw('POST', 'hello', { ...text, ...customer }),
    )
    await expectProblem(unsupported, 415, 'unsupported-media-type')
    const malformed = await target.fetch(
      '/api/orders',
      sendRaw('POST', '{"total": ', { ...json, ...customer }),
    )
    await expectProblem(malformed, 400, 'invalid-json')
    const invalid = await target.fetch(
      '/api/orders/1',
      sendJson('PUT', invalidOrder, customer),
    )
    await expectProblem(invalid, 422, 'validation-failed')
    const conflict = await target.fetch(
      '/api/orders/3/cancel',
      request(customer, 'POST'),
    )
    await expectProblem(conflict, 409, 'state-conflict')
  })
})
