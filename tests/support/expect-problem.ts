import { expect } from 'vitest'
import { problemCatalogue, type ProblemSlug } from './shop-fixtures.ts'

export interface ProblemBody {
  type: string
  title: string
  status: number
  detail: string
  instance: string
  requestId: string
  [extension: string]: unknown
}

/** A stack frame as V8 and other engines print it ("    at fn (file:1:2)"). */
export const STACK_LINE = /^\s*at\s.+[:(]/m

/**
 * Asserts an RFC 9457 problem document of contract section 6: the exact Content-Type, `status` equal
 * to the HTTP status, the type's fixed title, every standard member present, `no-store`, no stack.
 * Returns the parsed body for the type's extension members.
 */
export async function expectProblem(
  response: Response,
  status: number,
  slug: ProblemSlug,
): Promise<ProblemBody> {
  const text = await response.text()
  expect(
    { status: response.status, body: text },
    `expected a ${status} ${slug} problem`,
  ).toMatchObject({ status })
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  expect(text).not.toMatch(STACK_LINE)
  const body = JSON.parse(text) as ProblemBody
  expect(body).toMatchObject({
    type: `/api/problems/${slug}`,
    title: problemCatalogue[slug].title,
    status,
    detail: expect.any(String),
    instance: expect.any(String),
    requestId: expect.any(String),
  })
  expect(body.detail.length).toBeGreaterThan(0)
  expect(body.requestId.length).toBeGreaterThan(0)
  return body
}
