import type { Exchange } from '../create-probe.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { collectionToRead } from '../rule-helpers.ts'
import { isDeltaSeconds } from '../retry-after.ts'

export const rateLimit429 = defineRule({
  id: 'rate-limit-429',
  level: 'must',
  concept: 'rate-limits',
  also: 'RFC 6585 (429); draft-ietf-httpapi-ratelimit-headers (should)',
  sends: 'up to --probe-rate-limit GETs of one collection',
  writes: false,
  title:
    'Over the limit: a 429 problem with Retry-After in whole seconds, and RateLimit headers (should)',
  phase: 'probe',
  async run({ options, discovery, probe }) {
    const max = options.probeRateLimit
    if (max === null)
      return skip(
        'rate limits are probed only when asked: --probe-rate-limit <max requests>',
      )
    const { url } = collectionToRead(discovery)
    let limited: Exchange | null = null
    for (let sent = 0; sent < max && !limited; sent++) {
      const response = await probe.send({
        url,
        honourRetryAfter: false,
        record: false,
      })
      if (response.status === 429) limited = response
    }
    if (!limited)
      return fail(
        `a 429 within ${max} reads of ${url.href}`,
        `no 429 after ${max} requests`,
      )
    const retryAfter = limited.headers.get('retry-after')
    if (retryAfter === null)
      return fail(
        'a Retry-After header on the 429',
        describeResponse(limited),
        [limited],
      )
    if (!isDeltaSeconds(retryAfter))
      return fail(
        'Retry-After in whole seconds',
        `Retry-After: ${retryAfter}`,
        [limited],
      )
    const advertised = [
      'ratelimit',
      'ratelimit-policy',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
    ].some((h) => limited?.headers.has(h))
    return pass(
      advertised
        ? `429 after ${probe.used} requests`
        : 'no RateLimit or RateLimit-Policy header (should)',
    )
  },
})
