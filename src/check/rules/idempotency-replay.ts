import { writableCollection } from '../writable-collection.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import {
  countOf,
  createRecord,
  isOutcome,
  newIdempotencyKey,
  WRITES_NOT_ALLOWED,
} from '../rule-helpers.ts'

export const idempotencyReplay = defineRule({
  id: 'idempotency-replay',
  level: 'must',
  concept: 'idempotency',
  also: 'draft-ietf-httpapi-idempotency-key-header',
  sends:
    'GET of a collection, a POST twice with the same Idempotency-Key, GET again',
  writes:
    'creates one record (two if the key is ignored), each deleted afterwards',
  title:
    'The same Idempotency-Key twice gets the same status and body, with one effect',
  async run(context) {
    const { options, discovery, probe } = context
    if (!options.allowWrites) return WRITES_NOT_ALLOWED
    const collection = writableCollection(discovery)
    if (!collection)
      return skip('found no collection that accepts a POST with a known body')
    const before = await probe.send({ url: collection.url })
    const headers = { 'Idempotency-Key': newIdempotencyKey() }
    const first = await createRecord(context, collection, headers)
    if (isOutcome(first)) return first
    const second = await probe.send({
      method: 'POST',
      url: collection.url,
      json: collection.createBody,
      headers,
    })
    if (second.status < 300) context.created(second, collection)
    const after = await probe.send({ url: collection.url })
    const expected =
      "the second request answered with the first one's status and body, and one new record"
    if (second.status !== first.status || second.text !== first.text)
      return fail(
        expected,
        `first ${describeResponse(first)} / second ${describeResponse(second)}`,
      )
    const [countBefore, countAfter] = [countOf(before), countOf(after)]
    if (
      countBefore !== null &&
      countAfter !== null &&
      countAfter - countBefore !== 1
    )
      return fail(
        expected,
        `the collection grew from ${countBefore} to ${countAfter}`,
      )
    return pass(
      countBefore === null
        ? 'the collection does not say how many records it holds; judged by the bodies'
        : undefined,
    )
  },
})
