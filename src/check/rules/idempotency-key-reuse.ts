import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import {
  createRecord,
  isOutcome,
  newIdempotencyKey,
  collectionToWrite,
} from '../rule-helpers.ts'

/** Another body that stays valid: a number one higher, else a free-text member changed. */
function changed(
  body: Record<string, unknown>,
  enums: Set<string>,
): Record<string, unknown> | null {
  const numeric = Object.entries(body).find(([, v]) => typeof v === 'number')
  if (numeric) return { ...body, [numeric[0]]: (numeric[1] as number) + 1 }
  const text = Object.entries(body).find(
    ([k, v]) => typeof v === 'string' && !enums.has(k),
  )
  return text ? { ...body, [text[0]]: `${text[1] as string} (changed)` } : null
}

export const idempotencyKeyReuse = defineRule({
  id: 'idempotency-key-reuse',
  level: 'should',
  concept: 'idempotency',
  also: 'draft-ietf-httpapi-idempotency-key-header (422)',
  sends: 'a POST with an Idempotency-Key, then the same key with another body',
  writes: 'creates one or two records, each deleted afterwards',
  title: 'The same Idempotency-Key with another body gets a 422',
  async run(context) {
    const { probe } = context
    const collection = collectionToWrite(context)
    if (isOutcome(collection)) return collection
    const properties = (collection.createSchema?.properties ?? {}) as Record<
      string,
      { enum?: unknown }
    >
    const enums = new Set(
      Object.keys(properties).filter((k) => properties[k]?.enum !== undefined),
    )
    const other = changed(collection.createBody, enums)
    if (!other) return skip('found no member to change in the create body')
    const headers = { 'Idempotency-Key': newIdempotencyKey() }
    const first = await createRecord(context, collection, headers)
    if (isOutcome(first)) return first
    const second = await probe.send({
      method: 'POST',
      url: collection.url,
      json: other,
      headers,
    })
    if (second.status === 422) return pass()
    if (second.status < 300) context.created(second, collection)
    return fail(
      '422 for a known key sent with another body',
      describeResponse(second),
    )
  },
})
