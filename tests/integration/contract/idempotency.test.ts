import { describe, expect, it } from 'vitest'
import {
  roundTripTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { lacks } from '../../support/imported-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import {
  readJson,
  type Account,
  type Payment,
} from '../../support/representations.ts'
import {
  auth,
  idempotencyKey,
  request,
  sendJson,
  sendRaw,
} from '../../support/request-init.ts'

const DAY = 24 * 3600 * 1000
const payment = { amount: 1234, currency: 'usd' }

/** The stored parts of a response (contract section 8), for byte-for-byte comparison. */
async function stored(response: Response) {
  return {
    status: response.status,
    body: await response.text(),
    location: response.headers.get('Location'),
    etag: response.headers.get('ETag'),
    contentType: response.headers.get('Content-Type'),
  }
}

describe.each(roundTripTargets)('idempotency over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')
  const withKey = (key: string, headers = customer) => ({
    ...headers,
    ...idempotencyKey(key),
  })
  const paymentCount = () => target.api.state.snapshot().payments.length

  it('replays the stored 201 for a repeated key, byte for byte, with Idempotent-Replayed', async () => {
    const init = sendJson('POST', payment, withKey('replay-1'))
    const first = await target.fetch('/api/payments', init)
    expect(first.status).toBe(201)
    expect(first.headers.get('Idempotent-Replayed')).toBeNull()
    const original = await stored(first)

    const second = await target.fetch('/api/payments', init)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await stored(second)).toEqual(original)
    expect(original.location).toMatch(/^\/api\/payments\/\d+$/)
    expect(paymentCount()).toBe(2)
  })

  it('executes every POST sent without a key', async () => {
    const init = sendJson('POST', payment, customer)
    const first = await readJson<Payment>(
      await target.fetch('/api/payments', init),
    )
    const second = await readJson<Payment>(
      await target.fetch('/api/payments', init),
    )
    expect(second.id).not.toBe(first.id)
    expect(paymentCount()).toBe(3)
  })

  it('unquotes a structured-field string key before using it', async () => {
    const first = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('"quoted-key"')),
    )
    expect(first.status).toBe(201)
    const second = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('quoted-key')),
    )
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.text()).toBe(await first.text())
  })

  it('fingerprints the canonical JSON: member order and whitespace do not matter', async () => {
    const headers = {
      ...withKey('canonical-1'),
      'Content-Type': 'application/json',
    }
    const first = await target.fetch(
      '/api/payments',
      sendRaw('POST', '{"amount":1234,"currency":"usd"}', headers),
    )
    const second = await target.fetch(
      '/api/payments',
      sendRaw('POST', '{ "currency": "usd",\n  "amount": 1234 }', headers),
    )
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.text()).toBe(await first.text())
  })

  it('replays an action without a body', async () => {
    const init = request(withKey('cancel-1'), 'POST')
    const first = await target.fetch('/api/orders/1/cancel', init)
    expect(first.status).toBe(200)
    const second = await target.fetch('/api/orders/1/cancel', init)
    expect(second.status).toBe(200)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.text()).toBe(await first.text())
  })

  it('answers the same key with a different body with 422 idempotency-key-reused', async () => {
    await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('k-2')),
    )
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', { ...payment, amount: 999 }, withKey('k-2')),
    )
    await expectProblem(response, 422, 'idempotency-key-reused')
    expect(paymentCount()).toBe(2)
  })

  it('scopes keys per principal: another customer’s identical request executes', async () => {
    const one = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('shared')),
    )
    const two = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('shared', auth('customer-2-token'))),
    )
    expect([one.status, two.status]).toEqual([201, 201])
    expect(two.headers.get('Idempotent-Replayed')).toBeNull()
    expect(paymentCount()).toBe(3)
  })

  it('scopes keys per path: the same key on another path executes', async () => {
    const cancel = await target.fetch(
      '/api/orders/1/cancel',
      request(withKey('per-path'), 'POST'),
    )
    const other = await target.fetch(
      '/api/orders/4/cancel',
      request(withKey('per-path'), 'POST'),
    )
    expect([cancel.status, other.status]).toEqual([200, 200])
    expect(other.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await readJson<{ id: number }>(other)).toMatchObject({ id: 4 })
  })

  it('stores nothing for a 422 validation failure: the fixed body succeeds with the same key', async () => {
    const rejected = await target.fetch(
      '/api/payments',
      sendJson('POST', { ammount: 1234, currency: 'usd' }, withKey('fix-me')),
    )
    await expectProblem(rejected, 422, 'validation-failed')
    const fixed = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('fix-me')),
    )
    expect(fixed.status).toBe(201)
    expect(fixed.headers.get('Idempotent-Replayed')).toBeNull()
  })

  it('stores nothing for a 403: the same principal may use the key once it has the scope', async () => {
    const rejected = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('scope', auth('readonly-token'))),
    )
    await expectProblem(rejected, 403, 'forbidden')
    const allowed = await target.fetch(
      '/api/payments',
      sendJson('POST', { ...payment, amount: 1 }, withKey('scope')),
    )
    expect(allowed.status).toBe(201)
  })

  it('stores nothing for a 415 or a 400 invalid-json: the corrected request succeeds', async () => {
    const unsupported = await target.fetch(
      '/api/payments',
      sendRaw('POST', JSON.stringify(payment), {
        ...withKey('typed'),
        'Content-Type': 'text/plain',
      }),
    )
    await expectProblem(unsupported, 415, 'unsupported-media-type')
    const malformed = await target.fetch(
      '/api/payments',
      sendRaw('POST', '{"amount": 12', {
        ...withKey('typed'),
        'Content-Type': 'application/json',
      }),
    )
    await expectProblem(malformed, 400, 'invalid-json')
    const fixed = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('typed')),
    )
    expect(fixed.status).toBe(201)
  })

  it.skipIf(lacks(factory, 'pay'))(
    'replays a stored 409 state conflict',
    async () => {
      const init = sendJson(
        'POST',
        { amount: 1999, currency: 'usd', orderId: 2 },
        withKey('conflict'),
      )
      const first = await target.fetch('/api/payments', init)
      const original = await stored(first.clone())
      await expectProblem(first, 409, 'state-conflict')
      const second = await target.fetch('/api/payments', init)
      expect(second.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await stored(second)).toEqual(original)
    },
  )

  it.skipIf(lacks(factory, 'transfer'))(
    'replays a stored 422 insufficient-funds even after the balance was topped up',
    async () => {
      const transfer = { fromAccountId: 2, toAccountId: 1, amount: 1000 }
      const init = sendJson(
        'POST',
        { ...transfer, currency: 'usd' },
        withKey('funds'),
      )
      const first = await target.fetch('/api/transfers', init)
      const original = await stored(first.clone())
      await expectProblem(first, 422, 'insufficient-funds')

      const topUp = await target.fetch(
        '/api/transfers',
        sendJson(
          'POST',
          { fromAccountId: 1, toAccountId: 2, amount: 1000, currency: 'usd' },
          customer,
        ),
      )
      expect(topUp.status).toBe(201)

      const second = await target.fetch('/api/transfers', init)
      expect(second.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await stored(second)).toEqual(original)
      const account = await readJson<Account>(
        await target.fetch('/api/accounts/2', request(customer)),
      )
      expect(account.balance).toBe(1500)
      expect(target.api.state.snapshot().transfers).toHaveLength(4)
    },
  )

  it('forgets a key 24 hours after its first use on the mock clock', async () => {
    const init = sendJson('POST', payment, withKey('day-old'))
    const first = await readJson<Payment>(
      await target.fetch('/api/payments', init),
    )
    target.api.clock.advance(DAY - 60_000)
    const replay = await target.fetch('/api/payments', init)
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
    target.api.clock.advance(60_000)
    const fresh = await target.fetch('/api/payments', init)
    expect(fresh.status).toBe(201)
    expect(fresh.headers.get('Idempotent-Replayed')).toBeNull()
    expect((await readJson<Payment>(fresh)).id).not.toBe(first.id)
    expect(paymentCount()).toBe(3)
  })

  it('accepts a key of 255 visible ASCII characters', async () => {
    const response = await target.fetch(
      '/api/payments',
      sendJson('POST', payment, withKey('k'.repeat(255))),
    )
    expect(response.status).toBe(201)
  })

  it.each([
    ['empty', ''],
    ['256 characters long', 'k'.repeat(256)],
    ['containing a space', 'has space'],
    ['containing a non-ASCII character', 'caf\u00e9'],
    ['an empty quoted string', '""'],
  ])(
    'rejects a key that is %s with 400 invalid-idempotency-key',
    async (_kind, key) => {
      const response = await target.fetch(
        '/api/payments',
        sendJson('POST', payment, withKey(key)),
      )
      await expectProblem(response, 400, 'invalid-idempotency-key')
      expect(paymentCount()).toBe(1)
    },
  )
})

describe.each(roundTripTargets)(
  'idempotency of concurrent requests over $name',
  (factory) => {
    // The operation takes 200 ms, so a second request arrives while the first holds the key.
    const target = useContractTarget(factory, { config: { latencyMs: 200 } })
    const customer = auth('customer-1-token')
    const paymentCount = () => target.api.state.snapshot().payments.length

    // Replicas run requests one at a time: the repeat waits and replays (the stampede test below).
    it.skipIf(factory.oneAtATime)(
      'answers a repeat while the first is in flight with 409 idempotency-key-in-use and Retry-After: 1',
      async () => {
        const init = () =>
          sendJson('POST', payment, { ...customer, ...idempotencyKey('race') })
        const [a, b] = await Promise.all([
          target.fetch('/api/payments', init()),
          target.fetch('/api/payments', init()),
        ])
        const [done, busy] = a.status === 201 ? [a, b] : [b, a]
        expect(done.status).toBe(201)
        await expectProblem(busy, 409, 'idempotency-key-in-use')
        expect(busy.headers.get('Retry-After')).toBe('1')
        expect(paymentCount()).toBe(2)

        const retry = await target.fetch('/api/payments', init())
        expect(retry.headers.get('Idempotent-Replayed')).toBe('true')
        expect(await retry.text()).toBe(await done.text())
      },
    )

    it.skipIf(lacks(factory, 'transfer'))(
      'executes the operation once for any number of concurrent requests with one key',
      async () => {
        const responses = await Promise.all(
          Array.from({ length: 5 }, () =>
            target.fetch(
              '/api/transfers',
              sendJson(
                'POST',
                {
                  fromAccountId: 1,
                  toAccountId: 3,
                  amount: 100,
                  currency: 'usd',
                },
                { ...customer, ...idempotencyKey('stampede') },
              ),
            ),
          ),
        )
        if (factory.oneAtATime) {
          // Each repeat waited for the first and replays its answer.
          expect(responses.map((r) => r.status)).toEqual([
            201, 201, 201, 201, 201,
          ])
          expect(
            responses.filter((r) => r.headers.get('Idempotent-Replayed')),
          ).toHaveLength(4)
        } else
          expect(responses.map((r) => r.status).sort()).toEqual([
            201, 409, 409, 409, 409,
          ])
        const state = target.api.state.snapshot()
        expect(state.transfers).toHaveLength(3)
        expect(state.accounts.find((a) => a.id === 1)?.balance).toBe(99_900)
      },
    )

    it('answers a different body under an in-flight key with 422 idempotency-key-reused', async () => {
      const headers = { ...customer, ...idempotencyKey('race-2') }
      const [a, b] = await Promise.all([
        target.fetch('/api/payments', sendJson('POST', payment, headers)),
        target.fetch(
          '/api/payments',
          sendJson('POST', { ...payment, amount: 1 }, headers),
        ),
      ])
      const [done, reused] = a.status === 201 ? [a, b] : [b, a]
      expect(done.status).toBe(201)
      await expectProblem(reused, 422, 'idempotency-key-reused')
      expect(paymentCount()).toBe(2)
    })
  },
)

describe.each(roundTripTargets)(
  'idempotency in strict mode over $name',
  (factory) => {
    const target = useContractTarget(factory, {
      config: { requireIdempotencyKey: true },
    })
    const customer = auth('customer-1-token')

    it.skipIf(lacks(factory, 'strict-key')).each([
      ['/api/payments', payment],
      [
        '/api/transfers',
        { fromAccountId: 1, toAccountId: 3, amount: 1, currency: 'usd' },
      ],
      ['/api/orders/1/payment', undefined],
    ])(
      'answers POST %s without a key with 400 idempotency-key-missing and changes nothing',
      async (path, body) => {
        const before = target.api.state.snapshot()
        const init =
          body === undefined
            ? request(customer, 'POST')
            : sendJson('POST', body, customer)
        await expectProblem(
          await target.fetch(path, init),
          400,
          'idempotency-key-missing',
        )
        expect(target.api.state.snapshot()).toEqual(before)
      },
    )

    it.skipIf(lacks(factory, 'strict-key'))(
      'checks the missing key before validating the body',
      async () => {
        const response = await target.fetch(
          '/api/payments',
          sendJson('POST', { ammount: 1 }, customer),
        )
        await expectProblem(response, 400, 'idempotency-key-missing')
      },
    )

    it('accepts a money-moving POST that carries a key', async () => {
      const response = await target.fetch(
        '/api/payments',
        sendJson('POST', payment, { ...customer, ...idempotencyKey('strict') }),
      )
      expect(response.status).toBe(201)
    })

    it('does not require a key where no money moves', async () => {
      const created = await target.fetch(
        '/api/orders',
        sendJson('POST', { total: 1, currency: 'usd' }, customer),
      )
      expect(created.status).toBe(201)
      const cancelled = await target.fetch(
        '/api/orders/1/cancel',
        request(customer, 'POST'),
      )
      expect(cancelled.status).toBe(200)
    })
  },
)
