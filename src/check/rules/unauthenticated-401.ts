import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { collectionToRead } from '../rule-helpers.ts'

export const unauthenticated401 = defineRule({
  id: 'unauthenticated-401',
  level: 'must',
  concept: 'authentication',
  also: 'RFC 9110 (401); RFC 6750',
  sends: 'GET of a collection with no credential and with a wrong one',
  writes: false,
  title: 'A missing or wrong credential gets a 401 with WWW-Authenticate',
  async run({ options, discovery, probe }) {
    if (!options.token)
      return skip(
        'no token given (--token): nothing shows the API wants a credential',
      )
    const { url } = collectionToRead(discovery)
    for (const auth of ['none', 'wrong'] as const) {
      const what = auth === 'none' ? 'no credential' : 'a wrong credential'
      const expected = `401 with WWW-Authenticate for ${what}`
      const response = await probe.send({ url, auth, expect: expected })
      if (response.status !== 401)
        return fail(expected, describeResponse(response), [response])
      if (!response.headers.get('www-authenticate'))
        return fail(expected, '401 without a WWW-Authenticate header', [
          response,
        ])
    }
    return pass()
  },
})
