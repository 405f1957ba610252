import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import {
  newIdempotencyKey,
  collectionToWrite,
  isOutcome,
} from '../rule-helpers.ts'

const FOLLOWERS = 3
const ROUNDS = 3

/**
 * Sends the first request and, without waiting for it, the same key again. A repeat that arrives after
 * the first finished gets the replay, which proves nothing: then the rule is skipped, not passed.
 */
export const idempotencyInFlight = defineRule({
  id: 'idempotency-in-flight',
  level: 'should',
  concept: 'idempotency',
  also: 'draft-ietf-httpapi-idempotency-key-header (409)',
  sends: 'four POSTs at once with the same Idempotency-Key',
  writes: 'creates up to four records, each deleted afterwards',
  title: 'The same Idempotency-Key while the first request runs gets a 409',
  async run(context) {
    const { probe } = context
    const collection = collectionToWrite(context)
    if (isOutcome(collection)) return collection
    // Which of them the server sees first is its business: judge the set of answers. A round where
    // every repeat got the replay is inconclusive (they may have reached the server after the first
    // finished), so the rule tries again with a new key before it gives up.
    let firstMs = 0
    for (let round = 0; round < ROUNDS; round++) {
      const request = {
        method: 'POST',
        url: collection.url,
        json: collection.createBody,
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      }
      const all = await Promise.all(
        Array.from({ length: FOLLOWERS + 1 }, () => probe.send(request)),
      )
      const successes = all.filter((r) => r.status < 300)
      for (const response of successes) context.created(response, collection)
      if (successes.length > 0 && all.some((r) => r.status === 409))
        return pass()
      // A repeat that arrived after the first finished and ran again is idempotency-replay's finding.
      const executedAgain = successes.find((r) => r.text !== successes[0]?.text)
      if (executedAgain)
        return fail(
          "one execution: 409 for a repeat while the first runs, else the first one's replay",
          `the key executed again: ${describeResponse(executedAgain)}`,
          all,
        )
      const other = all.find((r) => r.status >= 300 && r.status !== 409)
      if (other)
        return fail(
          '409 for a repeat while the first runs',
          describeResponse(other),
          all,
        )
      firstMs = Math.min(
        ...all.map((r) => r.evidence.response?.durationMs ?? 0),
      )
    }
    return skip(
      `${ROUNDS} times, ${FOLLOWERS} repeats were sent together with the first request, before any answer (the fastest took ${firstMs} ms), and each got the same answer rather than a 409: they reached the server after the first had finished, or it queued them. A write that takes longer tells which.`,
    )
  },
})
