import { describe, expect, test } from 'vitest'
import { HttpError, isHttpError, parseProblem, readProblem } from './index.ts'
import { createTestClient, json, status } from './test-harness.ts'

const insufficientFunds = {
  type: '/api/problems/insufficient-funds',
  title: 'Insufficient funds',
  status: 422,
  detail: 'Account 2 holds 500, the transfer needs 1000.',
  instance: '/api/transfers/2',
  balance: 500,
  requested: 1000,
}

describe('parseProblem', () => {
  test('keeps unknown members', () => {
    expect(parseProblem(insufficientFunds, 422)).toEqual(insufficientFunds)
  })

  test('defaults type to about:blank and status to the HTTP status', () => {
    expect(parseProblem({ title: 'Teapot' }, 418)).toEqual({
      type: 'about:blank',
      status: 418,
      title: 'Teapot',
    })
  })

  test('ignores standard members of the wrong type', () => {
    const problem = parseProblem(
      {
        type: 42,
        status: '409',
        title: ['x'],
        detail: null,
        instance: 7,
        extra: true,
      },
      409,
    )
    expect(problem).toEqual({ type: 'about:blank', status: 409, extra: true })
  })

  test('gives null for a value that is not an object', () => {
    expect(parseProblem([], 500)).toBeNull()
    expect(parseProblem('oops', 500)).toBeNull()
    expect(parseProblem(null, 500)).toBeNull()
  })
})

describe('problems from responses', () => {
  test('readProblem parses a problem+json response and leaves it readable', async () => {
    const response = new Response(JSON.stringify(insufficientFunds), {
      status: 422,
      headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
    })
    expect(await readProblem(response)).toEqual(insufficientFunds)
    expect(await response.json()).toEqual(insufficientFunds)
  })

  test('readProblem gives null for another media type or a body that is not JSON', async () => {
    expect(
      await readProblem(
        new Response('{}', {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ).toBeNull()
    expect(
      await readProblem(
        new Response('<html>', {
          status: 502,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
      ),
    ).toBeNull()
  })

  test('request() returns a non-2xx response instead of throwing', async () => {
    const { client } = createTestClient([json(insufficientFunds, 422)])
    const response = await client.request('/api/transfers/2')
    expect(response.status).toBe(422)
  })

  test('the JSON layer throws an HttpError carrying the response and the parsed problem', async () => {
    const { client } = createTestClient([json(insufficientFunds, 422)])
    const error: unknown = await client
      .get('/api/transfers/2')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect(isHttpError(error)).toBe(true)
    if (!isHttpError(error)) return
    expect(error.status).toBe(422)
    expect(error.response.status).toBe(422)
    expect(error.problem).toMatchObject({
      type: '/api/problems/insufficient-funds',
      balance: 500,
    })
    expect(error.message).toBe(
      'GET http://hypermock.test/api/transfers/2 answered 422 Insufficient funds: Account 2 holds 500, the transfer needs 1000.',
    )
  })

  test('an HttpError without a problem document has a null problem', async () => {
    const { client } = createTestClient([status(404)])
    await expect(client.get('/api/orders/99')).rejects.toMatchObject({
      name: 'HttpError',
      status: 404,
      problem: null,
    })
  })

  test('the JSON layer resolves undefined for a 204', async () => {
    const { client } = createTestClient([status(204)])
    await expect(client.delete('/api/orders/1')).resolves.toBeUndefined()
  })

  test('guards recognise errors from another realm by name', () => {
    const foreign = Object.assign(new Error('x'), { name: 'HttpError' })
    expect(isHttpError(foreign)).toBe(true)
    expect(isHttpError(new Error('x'))).toBe(false)
    expect(isHttpError(null)).toBe(false)
  })
})
