import { isDeltaSeconds } from '../retry-after.ts'
import { fail, pass, skip, defineRule } from '../rule.ts'

export const retryAfterFormat = defineRule({
  id: 'retry-after-format',
  level: 'must',
  concept: 'retries',
  also: 'RFC 9110 (Retry-After)',
  sends: 'nothing: judges every Retry-After of the run',
  writes: false,
  title: 'Wherever Retry-After appears, it is delta-seconds',
  phase: 'journal',
  async run({ journal }) {
    const carrying = journal.filter((e) => e.headers.has('retry-after'))
    if (carrying.length === 0) return skip('no response carried Retry-After')
    const bad = carrying.filter(
      (e) => !isDeltaSeconds(e.headers.get('retry-after') ?? ''),
    )
    const first = bad[0]
    if (!first) return pass(`${carrying.length} Retry-After headers seen`)
    return fail(
      'Retry-After as a whole number of seconds',
      `${first.method} ${first.url.href} → ${first.status} with Retry-After: ${first.headers.get('retry-after')}`,
      bad.slice(0, 3),
    )
  },
})
