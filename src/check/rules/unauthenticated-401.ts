import { describeResponse, fail, pass, skip, type Rule } from '../rule.ts'
import { readCollection } from '../rule-helpers.ts'

export const unauthenticated401: Rule = {
  id: 'unauthenticated-401',
  level: 'must',
  source: 'Conventions §5; RFC 9110 §11.6.1; RFC 6750 §3',
  title: 'A missing or wrong credential gets a 401 with WWW-Authenticate',
  async run({ options, discovery, probe }) {
    if (!options.token)
      return skip(
        'no token given (--token): nothing shows the API wants a credential',
      )
    const { url } = readCollection(discovery)
    for (const auth of ['none', 'wrong'] as const) {
      const response = await probe.send({ url, auth })
      const what = auth === 'none' ? 'no credential' : 'a wrong credential'
      const expected = `401 with WWW-Authenticate for ${what}`
      if (response.status !== 401)
        return fail(expected, describeResponse(response), [response])
      if (!response.headers.get('www-authenticate'))
        return fail(expected, '401 without a WWW-Authenticate header', [
          response,
        ])
    }
    return pass()
  },
}
