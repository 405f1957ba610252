import { describe, expect, it } from 'vitest'
import {
  roundTripTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import { auth, sendRaw } from '../../support/request-init.ts'

const MiB = 1024 * 1024
const order = JSON.stringify({ total: 1, currency: 'usd' })

/** A JSON body padded with spaces (still valid JSON) to exactly `size` bytes. */
function paddedTo(size: number) {
  return order + ' '.repeat(size - order.length)
}

describe.each(roundTripTargets)('request bodies over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')
  const post = (body: BodyInit, contentType?: string) =>
    target.fetch('/api/orders', {
      method: 'POST',
      headers: contentType
        ? { ...customer, 'Content-Type': contentType }
        : customer,
      body,
    })

  it('accepts application/json with a charset parameter', async () => {
    const response = await post(order, 'application/json; charset=utf-8')
    expect(response.status).toBe(201)
  })

  it('compares the media type case-insensitively', async () => {
    const response = await post(order, 'Application/JSON')
    expect(response.status).toBe(201)
  })

  it('answers a body without a Content-Type with 415 and Accept-Post', async () => {
    const response = await post(new TextEncoder().encode(order))
    await expectProblem(response, 415, 'unsupported-media-type')
    expect(response.headers.get('Accept-Post')).toBe('application/json')
  })

  it.each([['text/json'], ['application/merge-patch+json']])(
    'answers the media type %s, which is not application/json, with 415',
    async (type) => {
      const response = await post(order, type)
      await expectProblem(response, 415, 'unsupported-media-type')
    },
  )

  it.each([['[]'], ['"order"'], ['null'], ['42'], ['true']])(
    'answers the non-object JSON body %s with 400 invalid-json',
    async (body) => {
      await expectProblem(
        await post(body, 'application/json'),
        400,
        'invalid-json',
      )
    },
  )

  it('answers a body that is not UTF-8 with 400 invalid-json', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])
    await expectProblem(
      await post(bytes, 'application/json'),
      400,
      'invalid-json',
    )
  })

  it('answers an empty body with 422 listing every required field', async () => {
    const response = await target.fetch(
      '/api/orders',
      sendRaw('POST', '', { ...customer, 'Content-Type': 'application/json' }),
    )
    const problem = await expectProblem(response, 422, 'validation-failed')
    expect(
      (problem.errors as { field: string }[]).map((e) => e.field).sort(),
    ).toEqual(['currency', 'total'])
  })

  it('accepts a body of exactly 1 MiB and refuses one byte more with 413', async () => {
    const atLimit = await post(paddedTo(MiB), 'application/json')
    expect(atLimit.status).toBe(201)
    const over = await post(paddedTo(MiB + 1), 'application/json')
    const problem = await expectProblem(over, 413, 'content-too-large')
    expect(problem.maxBytes).toBe(MiB)
  })
})
