import type { Exchange } from '../create-probe.ts'
import type { DiscoveredCollection } from '../discovery-types.ts'
import { actionLinks } from '../hal-links.ts'
import {
  describeResponse,
  fail,
  pass,
  skip,
  type RuleContext,
  type RuleOutcome,
  defineRule,
} from '../rule.ts'
import {
  createdRecord,
  createRecord,
  isOutcome,
  readBackOf,
  collectionToWrite,
} from '../rule-helpers.ts'

const MAX_ACTIONS = 3
const signature = (body: unknown) =>
  actionLinks(body)
    .map((l) => `${l.rel} ${l.method ?? ''} ${l.href}`)
    .sort()
    .join('\n')

/**
 * For each action a fresh record offers: create one, follow the action (it must work now), read the
 * record again, and send the used link again. Where the links changed, the used link is stale and
 * must get a 409. An action that leaves the links as they were (a renewal: the state stays) is still
 * offered, so it must work again. At least one action must change the links.
 */
export const linksFollowState = defineRule({
  id: 'links-follow-state',
  level: 'must',
  concept: 'links',
  sends: `POST of a new record, GET of it, each offered action link's method, GET again, the used link again`,
  writes:
    'creates records and follows their action links; each record is deleted afterwards',
  title:
    'Every action link offered works now; after an action the links change; a used link sent again gets a 409',
  async run(context) {
    const { discovery } = context
    if (
      !discovery.collections.some((c) =>
        c.items.some((i) => i.actions.length > 0),
      )
    )
      return skip(
        'found no action links (links with a method) on the items read',
      )
    const collection = collectionToWrite(context, true)
    if (isOutcome(collection)) return collection
    const probeRecord = await createRecord(context, collection)
    if (isOutcome(probeRecord)) return probeRecord
    const record = await createdRecord(context, probeRecord)
    if (!record) return unreadable(probeRecord)
    const rels = [
      ...new Set(actionLinks(record.read.json).map((l) => l.rel)),
    ].slice(0, MAX_ACTIONS)
    if (rels.length === 0)
      return skip(`a new record at ${record.url.href} offers no action links`)
    let changed = 0
    const kept: Exchange[] = []
    for (const [index, rel] of rels.entries()) {
      const outcome = await followOnce(
        context,
        collection,
        rel,
        index === 0 ? probeRecord : null,
      )
      if (outcome === null) continue
      if (outcome.status === 'changed') changed += 1
      else if (outcome.status === 'kept') kept.push(...outcome.steps)
      else return outcome as RuleOutcome
    }
    if (changed === 0)
      return fail(
        'some action to change the record’s links',
        `the same links after each of ${rels.join(', ')}, and each still worked when sent again`,
        kept,
      )
    return pass(`followed ${rels.join(', ')}`)
  },
})

/**
 * A create whose record reads back neither at its Location nor at its self link: the rule has no
 * record to follow links on (created-reads-back judges the read-back).
 */
function unreadable(created: Exchange): RuleOutcome {
  const atLocation = readBackOf(created)
  return skip(
    `no new record to follow links on: ${
      atLocation
        ? `Location: ${created.headers.get('location') ?? ''} → GET ${atLocation.url.href} answered ${atLocation.status}, and the body names no self link that reads back`
        : 'no Location, and the body names no self link that reads back'
    }`,
  )
}

type Followed =
  | RuleOutcome
  | { status: 'changed' | 'kept'; steps: Exchange[] }
  | null

async function followOnce(
  context: RuleContext,
  collection: DiscoveredCollection,
  rel: string,
  reuse: Exchange | null,
): Promise<Followed> {
  const { probe } = context
  const created = reuse ?? (await createRecord(context, collection))
  if (isOutcome(created)) return created
  const record = await createdRecord(context, created)
  if (!record) return unreadable(created)
  const { url } = record
  const before = await probe.send({ url })
  const link = actionLinks(before.json).find((l) => l.rel === rel)
  if (!link) return null
  const target = new URL(link.href, url)
  const steps: Exchange[] = [created, before]
  const acted = await probe.send({ method: link.method ?? 'POST', url: target })
  steps.push(acted)
  if (acted.status >= 300)
    return fail(
      `2xx for the offered "${rel}" link`,
      describeResponse(acted),
      steps,
    )
  const after = await probe.send({ url })
  steps.push(after)
  const stillOffered = actionLinks(after.json).some(
    (l) => l.rel === rel && new URL(l.href, url).href === target.href,
  )
  const again = await probe.send({ method: link.method ?? 'POST', url: target })
  steps.push(again)
  if (signature(after.json) === signature(before.json)) {
    // The state offers the same actions as before: the link is still offered, so it must work.
    if (again.status >= 300)
      return fail(
        `2xx for "${rel}", still offered after it was used`,
        describeResponse(again),
        steps,
      )
    return { status: 'kept', steps }
  }
  if (stillOffered) return { status: 'changed', steps }
  if (again.status !== 409)
    return fail(
      `409 for the used "${rel}" link sent again`,
      describeResponse(again),
      steps,
    )
  return { status: 'changed', steps }
}
