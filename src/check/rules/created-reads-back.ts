import { createdUrl } from '../clean-up.ts'
import { isObject } from '../openapi-document.ts'
import { describeResponse, fail, pass, defineRule } from '../rule.ts'
import {
  createdRecord,
  createRecord,
  isOutcome,
  collectionToWrite,
} from '../rule-helpers.ts'

const isScalar = (value: unknown) =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean'

export const createdReadsBack = defineRule({
  id: 'created-reads-back',
  level: 'must',
  concept: 'resources',
  also: 'RFC 9110 (201 Created, DELETE)',
  sends:
    'a POST of a valid body, GET of the new record, DELETE of it (where the API offers DELETE), and GET again',
  writes: 'creates one record and deletes it',
  title:
    'A created record reads back with the values sent; a deleted one then reads 404',
  async run(context) {
    const { probe } = context
    const collection = collectionToWrite(context)
    if (isOutcome(collection)) return collection
    // This rule judges the create: a server error to it is a fail here, a skip elsewhere.
    const created = await createRecord(context, collection, {}, true)
    if (isOutcome(created)) return created
    const sent = collection.createBody ?? {}
    const location = created.headers.get('location')
    // Without a Location or a self link, where the record's id says it is (json-server's way).
    const byId = location === null ? createdUrl(created, collection) : null
    const record =
      (await createdRecord(context, created)) ??
      (byId ? { url: byId, read: await probe.send({ url: byId }) } : null)
    if (!record || record.read.status !== 200)
      return fail(
        `the new record reads back at its Location or self link`,
        location === null
          ? `${created.status} without a Location; neither its self link nor its id read back: ${record ? `GET ${record.url.href} answered ${record.read.status}` : describeResponse(created)}`
          : `Location ${location} (${new URL(location, created.url).href}) does not answer 200`,
      )
    const read = isObject(record.read.json) ? record.read.json : {}
    const differing = Object.entries(sent).filter(
      ([name, value]) => isScalar(value) && read[name] !== value,
    )
    if (differing.length > 0)
      return fail(
        `GET ${record.url.href} gives back the members sent`,
        differing
          .map(
            ([name, value]) =>
              `sent "${name}": ${JSON.stringify(value)}, read back ${JSON.stringify(read[name])}`,
          )
          .join('; '),
      )
    if (collection.canDelete === false)
      return pass(
        `read back at ${record.url.href}; the description offers no DELETE here`,
      )
    const deleted = await probe.send({ method: 'DELETE', url: record.url })
    if (deleted.status === 405)
      return pass(
        `read back at ${record.url.href}; DELETE answered 405 (not offered)`,
      )
    if (deleted.status >= 300)
      return fail(
        `DELETE ${record.url.href} succeeds (2xx)`,
        describeResponse(deleted),
      )
    const after = await probe.send({ url: record.url })
    if (after.status !== 404 && after.status !== 410)
      return fail(
        `404 (or 410) for GET ${record.url.href} after its DELETE answered ${deleted.status}`,
        describeResponse(after),
      )
    return pass()
  },
})
