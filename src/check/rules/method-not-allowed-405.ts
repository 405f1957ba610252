import { describeResponse, fail, pass, defineRule } from '../rule.ts'
import { collectionToRead } from '../rule-helpers.ts'

export const methodNotAllowed405 = defineRule({
  id: 'method-not-allowed-405',
  level: 'must',
  concept: 'resources',
  also: 'RFC 9110 (405, Allow)',
  sends:
    'OPTIONS of a collection, then a method its Allow leaves out; without writes only safe methods (TRACE is never sent)',
  writes:
    "with writes, a PUT, PATCH or DELETE the collection's Allow does not list",
  title: 'An unsupported method gets a 405 with Allow',
  async run({ discovery, probe }) {
    const { url } = collectionToRead(discovery)
    // The server's own Allow names what it supports; one of the others is safe to send.
    const options = await probe
      .send({ method: 'OPTIONS', url })
      .catch(() => null)
    const allow =
      options?.headers
        .get('allow')
        ?.toUpperCase()
        .split(/\s*,\s*/) ?? []
    const method =
      ['PATCH', 'PUT', 'DELETE'].find((m) => !allow.includes(m)) ?? 'PATCH'
    const response = await probe.send({ method, url })
    const expected = `405 with an Allow header for ${method} ${url.pathname}`
    if (response.status !== 405)
      return fail(expected, describeResponse(response))
    const allowed = response.headers.get('allow')
    if (allowed === null || allowed.trim() === '')
      return fail(expected, '405 without an Allow header')
    return pass()
  },
})
