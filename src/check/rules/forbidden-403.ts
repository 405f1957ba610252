import { collectionToWrite, isOutcome } from '../rule-helpers.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'

export const forbidden403 = defineRule({
  id: 'forbidden-403',
  level: 'must',
  concept: 'authentication',
  also: 'RFC 9110 (403 Forbidden)',
  sends: 'with writes, a POST of a valid body with the read-only credential',
  writes:
    'a POST with the read-only credential; a record it wrongly creates is deleted',
  title: 'An action the second credential may not do gets a 403',
  async run(context) {
    const { options, probe } = context
    if (!options.tokenReadonly)
      return skip('no second token given (--token-readonly)')
    const collection = collectionToWrite(context)
    if (isOutcome(collection)) return collection
    const response = await probe.send({
      method: 'POST',
      url: collection.url,
      json: collection.createBody,
      auth: 'readonly',
      expect: `403 for POST ${collection.url.href} with the read-only credential`,
    })
    if (response.status === 403) return pass()
    if (response.status < 300) context.created(response, collection)
    return fail(
      `403 for POST ${collection.url.href} with the read-only credential`,
      describeResponse(response),
    )
  },
})
