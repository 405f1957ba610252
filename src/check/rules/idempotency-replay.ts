import type { Exchange } from '../create-probe.ts'
import { createdUrl as createdUrlOf } from '../clean-up.ts'
import { itemsOf, nextLink } from '../hal-links.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import {
  countOf,
  createRecord,
  isOutcome,
  readBackOf,
  newIdempotencyKey,
  collectionToWrite,
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
    const { probe } = context
    const collection = collectionToWrite(context)
    if (isOutcome(collection)) return collection
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
    const readBack = readBackOf(first)
    if (readBack && readBack.status !== 200)
      return fail(
        expected,
        `the first POST's record does not read back: Location ${first.headers.get('location') ?? ''} → GET ${readBack.url.href} answered ${readBack.status}`,
        [before, first, readBack, second, after],
      )
    const [countBefore, countAfter] = [
      countOf(before) ?? unpagedLength(before),
      countOf(after) ?? unpagedLength(after),
    ]
    if (
      countBefore !== null &&
      countAfter !== null &&
      countAfter - countBefore !== 1
    )
      return fail(
        expected,
        countAfter === countBefore
          ? `no new record: the collection counted ${countBefore} before the two POSTs and ${countAfter} after`
          : `${countAfter - countBefore} new records: the collection counted ${countBefore} before the two POSTs and ${countAfter} after`,
      )
    if (countBefore !== null && countAfter !== null) return pass()
    // Equal bodies show a replay only when they name one record: an echo of the request body is
    // equal for two records as well.
    if (createdUrlOf(first, collection) === null)
      return skip(
        `cannot tell one record from two: the collection does not say how many records it holds, and the create's answer names no record (no Location, self link or key member): ${describeResponse(first)}`,
      )
    return pass(
      'the collection does not say how many records it holds; judged by the bodies, which name one record',
    )
  },
})

/** The number of items of a list that has no next page: all of them are on it. */
function unpagedLength(read: Exchange): number | null {
  if (read.status !== 200 || nextLink(read.headers, read.json) !== null)
    return null
  return itemsOf(read.json)?.length ?? null
}
