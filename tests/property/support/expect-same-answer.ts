import { expect } from 'vitest'
import type { Answer } from './expect-well-formed.ts'

/**
 * Request ids count per instance since its creation, not since its last reset; they also appear
 * escaped, inside the stored responses of an exported state.
 */
const sameIds = (text: string) =>
  text.replace(/requestId(\\?)":(\\?)"req-[0-9a-z]+/g, 'requestId$1":$2"req-…')

/**
 * Two answers to the same request, one through an adapter and one from `api.fetch` directly, are
 * the same: status, every header but those of the transport (`transport`, lower-case), and body.
 */
export function expectSameAnswer(
  adapted: Answer,
  direct: Answer,
  what: string,
  transport: ReadonlySet<string>,
) {
  const comparable = (headers: Headers) =>
    [...headers].filter(([name]) => !transport.has(name))
  expect(adapted.status, what).toBe(direct.status)
  expect(comparable(adapted.headers), what).toEqual(comparable(direct.headers))
  expect(sameIds(adapted.text), what).toBe(sameIds(direct.text))
}
