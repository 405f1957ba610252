import { halLinks } from '../hal-links.ts'
import { isObject } from '../openapi-document.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { sampleItems } from '../rule-helpers.ts'
import { recordKey } from '../record-key.ts'

export const linksSelf = defineRule({
  id: 'links-self',
  level: 'must',
  concept: 'links',
  sends: 'GET of each item read and of its self link',
  writes: false,
  title: "Every item's self link reads the item back",
  async run({ options, discovery, probe }) {
    const items = sampleItems(discovery, 10)
    if (items.length === 0) return skip('found no items to read')
    const withoutSelf = items.filter(
      (item) => !halLinks(item.body).some((l) => l.rel === 'self'),
    )
    // The lists those items came in show them without a self link.
    const lists = discovery.collections
      .filter((c) => c.items.some((item) => withoutSelf.includes(item)))
      .map((c) => c.read)
    if (withoutSelf.length > 0)
      return fail(
        'a _links.self on every item',
        `${withoutSelf.length} of ${items.length} items have none, e.g. ${JSON.stringify(withoutSelf[0]?.body).slice(0, 160)}`,
        lists.slice(0, 3),
      )
    for (const item of items) {
      if (item.url.origin !== options.baseUrl.origin) continue
      const read = await probe.send({ url: item.url })
      const expected = `200 with the item for GET ${item.url.href}`
      // The conventions let an item answer with a problem document about itself (concepts/resources.md: GET /transfers/{id}
      // of a failed transfer): that still reads the item back.
      const aboutItself =
        read.status >= 400 &&
        read.status < 500 &&
        isObject(read.json) &&
        read.json.instance === item.url.pathname
      if (aboutItself) continue
      if (read.status !== 200)
        return fail(expected, describeResponse(read), [read])
      // The item's own representation must name itself: a self link to another item is wrong.
      const ownSelf = halLinks(read.json).find((l) => l.rel === 'self')?.href
      if (
        ownSelf !== undefined &&
        new URL(ownSelf, read.url).href !== new URL(item.url).href &&
        new URL(ownSelf, read.url).href !== read.url.href
      )
        return fail(
          `GET ${item.url.href} names itself in _links.self`,
          `its _links.self is ${new URL(ownSelf, read.url).href}`,
          [read],
        )
      // The key the item route names (`{sku}`, `{petId}`), else `id`: the member that says which record it is.
      const parameter =
        discovery.collections.find((c) => c.items.includes(item))?.itemRoute
          ?.parameter ?? null
      const key = recordKey(item.body, parameter)
      const readKey = recordKey(read.json, parameter)
      if (key !== null && (readKey === null || String(readKey) !== String(key)))
        return fail(
          expected,
          readKey === null
            ? `another representation: no ${parameter ?? 'id'} where ${JSON.stringify(key)} was listed`
            : `another representation: ${parameter ?? 'id'} ${JSON.stringify(readKey)} instead of ${JSON.stringify(key)}`,
          [read],
        )
    }
    return pass(`${items.length} items read back`)
  },
})
