import { writableCollection } from '../writable-collection.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { createRecord, isOutcome, sampleItems } from '../rule-helpers.ts'

/** Never the ETag of anything: a quoted value the server cannot have issued. */
const STALE = '"hypermock-check-stale"'

export const conditionalRequests = defineRule({
  id: 'conditional-requests',
  level: 'should',
  concept: 'caching',
  also: 'RFC 9110 (conditional requests)',
  sends:
    'GET of one item, then again with If-None-Match (or If-Modified-Since); with writes, a POST and a DELETE with a stale If-Match on the record it created',
  writes:
    'creates one record and deletes it with a stale If-Match (then the clean-up deletes it)',
  title: 'If-None-Match gets a 304; a stale If-Match gets a 412 (or a 409)',
  async run(context) {
    const { options, discovery, probe } = context
    const item = sampleItems(discovery, 1)[0]
    if (!item) return skip('found no items to read')
    const read = await probe.send({ url: item.url })
    const etag = read.headers.get('etag')
    const modified = read.headers.get('last-modified')
    // An item that does not read leaves nothing to make conditional (links-self judges the read).
    if (read.status !== 200)
      return skip(
        `the item ${item.url.href} does not read: ${describeResponse(read)}`,
      )
    if (!etag && !modified)
      return fail('an ETag or Last-Modified on item reads', 'neither header', [
        read,
      ])
    const again = await probe.send({
      url: item.url,
      headers: etag
        ? { 'If-None-Match': etag }
        : { 'If-Modified-Since': modified ?? '' },
    })
    if (again.status !== 304)
      return fail(
        `304 for a read with ${etag ? 'If-None-Match' : 'If-Modified-Since'}`,
        describeResponse(again),
        [read, again],
      )
    if (!options.allowWrites)
      return pass('the If-Match half needs --allow-writes')
    const collection = writableCollection(discovery)
    if (!collection || collection.canDelete === false)
      return pass(
        'no record the checker may create and delete: If-Match not tried',
      )
    const created = await createRecord(context, collection)
    if (isOutcome(created))
      return pass('could not create a record: If-Match not tried')
    const url = context.created(created, collection)
    if (!url) return pass('a created record names no URL: If-Match not tried')
    // Deleting its own record with a stale validator: a server that ignores If-Match loses only that.
    const stale = await probe.send({
      method: 'DELETE',
      url,
      headers: { 'If-Match': STALE },
    })
    if (stale.status === 412 || stale.status === 409) return pass()
    return fail(
      '412 (or 409) for DELETE with a stale If-Match',
      describeResponse(stale),
      [read, again, created, stale],
    )
  },
})
