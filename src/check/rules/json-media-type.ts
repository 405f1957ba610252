import { fail, pass, skip, defineRule } from '../rule.ts'

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i

export const jsonMediaType = defineRule({
  id: 'json-media-type',
  level: 'must',
  concept: 'resources',
  also: 'RFC 8259',
  sends: 'nothing: judges every success response of the run',
  writes: false,
  title: 'Success bodies are application/json (or +json)',
  phase: 'journal',
  async run({ journal }) {
    const bodies = journal.filter(
      (e) =>
        e.status >= 200 &&
        e.status < 300 &&
        e.method !== 'HEAD' &&
        e.evidence.response?.body !== undefined,
    )
    if (bodies.length === 0)
      return skip('no success response with a body was seen')
    const bad = bodies.filter(
      (e) => !JSON_TYPE.test(e.headers.get('content-type') ?? ''),
    )
    const first = bad[0]
    if (!first) return pass(`${bodies.length} success bodies checked`)
    return fail(
      'Content-Type: application/json or a +json type',
      `${bad.length} of ${bodies.length}; ${first.method} ${first.url.href} → ${first.headers.get('content-type') ?? 'no Content-Type'}`,
      bad.slice(0, 3),
    )
  },
})
