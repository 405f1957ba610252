import { describeResponse, fail, pass, defineRule } from '../rule.ts'
import { childUrl, siblingUrl } from '../child-url.ts'
import { collectionToRead } from '../rule-helpers.ts'

export const notFound404 = defineRule({
  id: 'not-found-404',
  level: 'must',
  concept: 'resources',
  sends: 'GET of an id no item has',
  writes: false,
  title: 'An unknown item gets a 404 (problem-details judges its body)',
  async run({ discovery, probe }) {
    const collection = collectionToRead(discovery)
    const sample = collection.items[0]
    // An id of the same kind as the real ones, so a server that checks the id's format still looks it up.
    const numeric =
      sample && /^\d+$/.test(sample.url.pathname.split('/').pop() ?? '')
    const missing = numeric ? '2147480000' : 'hypermock-check-missing'
    const url = sample
      ? siblingUrl(sample.url, missing)
      : childUrl(collection.url, missing)
    const response = await probe.send({
      url,
      expect: `404 for ${url.href}`,
    })
    return response.status === 404
      ? pass()
      : fail(`404 for ${url.href}`, describeResponse(response))
  },
})
