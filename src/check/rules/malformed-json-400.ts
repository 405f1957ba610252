import { writableCollection } from '../writable-collection.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { collectionToRead, WRITES_NOT_ALLOWED } from '../rule-helpers.ts'

/** A POST, even one whose body cannot parse, is a write: it is sent only with --allow-writes. */
export const malformedJson400 = defineRule({
  id: 'malformed-json-400',
  level: 'must',
  concept: 'validation',
  sends: 'with writes, a POST of a body that is not JSON',
  writes: 'a POST whose body cannot parse; anything it creates is deleted',
  title: 'A body that is not JSON gets a 400 (problem-details judges its body)',
  async run(context) {
    if (!context.options.allowWrites) return WRITES_NOT_ALLOWED
    const writable = writableCollection(context.discovery)
    const collection = writable ?? collectionToRead(context.discovery)
    // Where the description (or the server's Allow) says no collection takes a POST, none is sent.
    if (!writable && collection.canCreate === false)
      return skip(
        `found no collection that accepts a POST: ${collection.url.href} takes none`,
      )
    const response = await context.probe.send({
      method: 'POST',
      url: collection.url,
      body: '{"hypermock-check": ',
      expect: '400 for a body that is not JSON',
    })
    if (response.status === 401 || response.status === 403)
      return skip(
        `POST ${collection.url.href} wants a credential with write access first (${response.status}); give --token`,
      )
    if (response.status === 405)
      return skip(
        `no collection found that accepts POST (${collection.url.href} answered 405)`,
      )
    if (response.status === 400) return pass()
    if (response.status < 300) context.created(response, collection)
    return fail('400 for a body that is not JSON', describeResponse(response))
  },
})
