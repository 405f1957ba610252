import { problemIssues } from '../problem-issues.ts'
import { fail, pass, skip, defineRule } from '../rule.ts'

/** Judges every error the run provoked, so it runs after the rules that provoke them. */
export const problemDetails = defineRule({
  id: 'problem-details',
  level: 'must',
  concept: 'problems',
  also: 'RFC 9457',
  sends:
    'nothing, or one GET of a missing path when no error was seen: judges every error response of the run',
  writes: false,
  title:
    'Every 4xx/5xx is an application/problem+json document with type, title, status, detail and instance',
  phase: 'journal',
  async run({ journal, probe }) {
    if (!journal.some((e) => e.status >= 400 && e.method !== 'HEAD'))
      await probe.send({ url: 'hypermock-check-no-such-resource' })
    const errors = journal.filter((e) => e.status >= 400 && e.method !== 'HEAD')
    if (errors.length === 0) return skip('no error response was seen')
    const bad = errors
      .map((e) => ({ e, issues: problemIssues(e) }))
      .filter(({ issues }) => issues.length > 0)
    const first = bad[0]
    if (!first) return pass(`${errors.length} error responses checked`)
    return fail(
      'application/problem+json with string type, title, detail and instance, and status equal to the HTTP status',
      `${bad.length} of ${errors.length} error responses fall short; ${first.e.method} ${first.e.url.href} → ${first.e.status}: ${first.issues.join('; ')}`,
      bad.slice(0, 3).map(({ e }) => e),
    )
  },
})
