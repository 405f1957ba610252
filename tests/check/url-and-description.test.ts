import { expect, it } from 'vitest'
import { childUrl, siblingUrl } from '../../src/check/child-url.ts'
import { descriptionProblems } from '../../src/check/description-problems.ts'

it('resolves members by RFC 3986, whether the collection ends with a slash or not', () => {
  const base = 'http://127.0.0.1:1/api/orders'
  expect(childUrl(new URL(base), 7).href).toBe(`${base}/7`)
  expect(childUrl(new URL(`${base}/`), 7).href).toBe(`${base}/7`)
  expect(childUrl(new URL(`${base}?page=2`), 'a/b').href).toBe(`${base}/a%2Fb`)
  expect(siblingUrl(new URL(`${base}/1/`), 2147480000).href).toBe(
    `${base}/2147480000`,
  )
  expect(siblingUrl(new URL(`${base}/1`), 'x').href).toBe(`${base}/x`)
})

it('sets aside an empty, stub or invalid description and says why', () => {
  expect(descriptionProblems(undefined)).toEqual(['not a JSON object'])
  expect(
    descriptionProblems({
      openapi: 'string',
      info: { title: 'string', version: 'string' },
      paths: {},
    }),
  ).toEqual([
    '"openapi" is "string", not a version such as "3.1.0"',
    'no paths',
  ])
  expect(
    descriptionProblems({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { orders: { get: {} }, '/a': 'string' },
    }),
  ).toEqual([
    '2 of 2 paths are not path items with an operation ("orders", "/a")',
  ])
  expect(
    descriptionProblems({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/orders/': { get: {} } },
    }),
  ).toEqual([])
})
