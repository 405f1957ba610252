import { describeResponse, fail, pass, defineRule } from '../rule.ts'
import { parseAllow } from '../header-syntax.ts'
import { collectionToRead, WRITES_NOT_ALLOWED } from '../rule-helpers.ts'

export const methodNotAllowed405 = defineRule({
  id: 'method-not-allowed-405',
  level: 'must',
  concept: 'resources',
  also: 'RFC 9110 (405, Allow)',
  sends:
    'OPTIONS of a collection, then a PATCH, PUT or DELETE its Allow leaves out',
  writes:
    'a PATCH, PUT or DELETE the collection says it does not support; a server that wrongly supports it may act on it',
  title: 'An unsupported method gets a 405 with Allow',
  async run({ options: checkOptions, discovery, probe }) {
    // Every method a collection may not support changes state where it is supported.
    if (!checkOptions.allowWrites) return WRITES_NOT_ALLOWED
    const { url } = collectionToRead(discovery)
    // The server's own Allow names what it supports; one of the others is safe to send.
    const options = await probe
      .send({ method: 'OPTIONS', url })
      .catch(() => null)
    const allow = parseAllow(options?.headers.get('allow') ?? null) ?? []
    const method =
      ['PATCH', 'PUT', 'DELETE'].find((m) => !allow.includes(m)) ?? 'PATCH'
    const expected = `405 with an Allow header for ${method} ${url.href}`
    const response = await probe.send({ method, url, expect: expected })
    if (response.status !== 405)
      return fail(expected, describeResponse(response))
    const allowed = response.headers.get('allow')
    if (allowed === null || allowed.trim() === '')
      return fail(expected, '405 without an Allow header')
    return pass()
  },
})
