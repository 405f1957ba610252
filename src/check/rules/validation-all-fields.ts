import { findOperation, isObject } from '../openapi-document.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { namesField, collectionToWrite, isOutcome } from '../rule-helpers.ts'
import { twoInvalidFields } from '../sample-body.ts'

export const validationAllFields = defineRule({
  id: 'validation-all-fields',
  level: 'must',
  concept: 'validation',
  sends: 'a POST with two invalid members',
  writes: 'a POST with an invalid body; anything it creates is deleted',
  title:
    'A create with two invalid fields gets one 422 whose errors list both, each with field and message',
  async run(context) {
    const { probe } = context
    const collection = collectionToWrite(context)
    if (isOutcome(collection)) return collection
    const invalid = twoInvalidFields(
      collection.createBody,
      collection.createSchema,
    )
    if (!invalid)
      return skip(
        `the create body of ${collection.url.href} has fewer than two simple members to make invalid`,
      )
    const [a, b] = invalid.fields
    // An API whose description documents 400 for its create may answer validation with 400 (its
    // dialect): judged as a 422, every invalid field still listed.
    const operation = context.discovery.openapi
      ? findOperation(
          context.discovery.openapi,
          context.options.baseUrl,
          'POST',
          collection.url.pathname,
        )
      : null
    const documented = operation?.responses
    const takes400 = isObject(documented) && '400' in documented
    const status = takes400
      ? '422 (or the 400 the description documents)'
      : '422'
    const expected = `${status} with errors naming "${a}" and "${b}", each with field and message`
    const response = await probe.send({
      method: 'POST',
      url: collection.url,
      json: invalid.body,
      expect: expected,
    })
    if (response.status < 300) {
      context.created(response, collection)
      return fail(expected, `${response.status}: the invalid body was accepted`)
    }
    if (response.status !== 422 && !(takes400 && response.status === 400))
      return fail(expected, describeResponse(response))
    const errors =
      isObject(response.json) && Array.isArray(response.json.errors)
        ? response.json.errors
        : null
    if (!errors)
      return fail(
        expected,
        `${response.status} without an errors array: ${describeResponse(response)}`,
      )
    const shapeless = errors.filter(
      (e) =>
        !isObject(e) ||
        typeof e.field !== 'string' ||
        typeof e.message !== 'string',
    )
    if (shapeless.length > 0)
      return fail(
        expected,
        `${shapeless.length} errors item(s) lack a string field or message`,
      )
    const named = errors.map((e) => (e as { field: string }).field)
    const missing = invalid.fields.filter(
      (field) => !named.some((n) => namesField(n, field)),
    )
    if (missing.length > 0)
      return fail(
        expected,
        `errors name ${named.map((n) => `"${n}"`).join(', ') || 'nothing'}; missing ${missing.map((m) => `"${m}"`).join(', ')}`,
      )
    return pass()
  },
})
