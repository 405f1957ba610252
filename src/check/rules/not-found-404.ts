import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { siblingUrl } from '../child-url.ts'
import { operationFor } from '../openapi-document.ts'
import { itemUrl } from '../record-key.ts'
import { collectionToRead } from '../rule-helpers.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const notFound404 = defineRule({
  id: 'not-found-404',
  level: 'must',
  concept: 'resources',
  sends: 'GET of a real item, then of an id no item has on the same item route',
  writes: false,
  title: 'An unknown item gets a 404 (problem-details judges its body)',
  async run({ options, discovery, probe }) {
    const collection = collectionToRead(discovery)
    const sample = collection.items[0]
    // An id of the same kind as the real ones, so a server that checks the id's format still looks it up.
    const key = decodeURIComponent(sample?.url.pathname.split('/').pop() ?? '')
    const missing = /^\d+$/.test(key)
      ? '2147480000'
      : UUID.test(key)
        ? 'ffffffff-ffff-4fff-bfff-ffffffffffff'
        : 'hypermock-check-missing'
    const url = sample
      ? siblingUrl(sample.url, missing)
      : collection.itemRoute
        ? itemUrl(collection, missing)
        : null
    // A 404 shows an unknown item only on a route that serves items: any other URL answers 404 too.
    if (url === null)
      return skip(
        `found no item of ${collection.url.href} and no item route in a description: no URL where an unknown id means an unknown item`,
      )
    const doc = discovery.openapi
    if (doc) {
      const route = operationFor(doc, options.baseUrl, 'GET', url.pathname)
      if (!route?.full.includes('{'))
        return skip(
          `the description declares no item route (a GET with a path parameter) that ${url.href} is on`,
        )
    } else if (sample) {
      const read = await probe.send({ url: sample.url })
      if (read.status !== 200)
        return skip(
          `the item ${sample.url.href} does not read (${read.status}): no item route to put an unknown id on`,
        )
    } else
      return skip(
        `found no item of ${collection.url.href}: no item route to put an unknown id on`,
      )
    const response = await probe.send({
      url,
      expect: `404 for ${url.href}`,
    })
    return response.status === 404
      ? pass()
      : fail(`404 for ${url.href}`, describeResponse(response), [response])
  },
})
