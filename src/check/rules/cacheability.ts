import type { Exchange } from '../create-probe.ts'
import { fail, pass, skip, defineRule } from '../rule.ts'
import { sampleItems } from '../rule-helpers.ts'

const declaresCaching = (e: Exchange) =>
  ['cache-control', 'etag', 'last-modified', 'expires'].some((name) =>
    e.headers.has(name),
  )

export const cacheability = defineRule({
  id: 'cacheability',
  level: 'must',
  concept: 'caching',
  also: 'RFC 9111',
  sends: 'GET of the root, each collection and one item',
  writes: false,
  title:
    'Reads declare whether they may be cached (Cache-Control or a validator)',
  async run({ discovery, probe }) {
    const reads: Exchange[] = discovery.collections.map((c) => c.read)
    if (
      discovery.root &&
      discovery.root.status === 200 &&
      discovery.root.json !== undefined
    )
      reads.unshift(discovery.root)
    const item = sampleItems(discovery, 1)[0]
    if (item) reads.push(await probe.send({ url: item.url }))
    const ok = reads.filter((r) => r.status === 200)
    if (ok.length === 0) return skip('no successful read to judge')
    const silent = ok.filter((r) => !declaresCaching(r))
    if (silent.length === 0) return pass(`${ok.length} reads declare caching`)
    return fail(
      'Cache-Control, ETag, Last-Modified or Expires on every read',
      `none of them on ${silent.map((r) => `GET ${r.url.href}`).join(', ')}`,
      silent.slice(0, 3),
    )
  },
})
