import { isObject } from '../openapi-document.ts'
import type { Exchange } from '../probe-types.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import type { RuleOutcome } from '../rule.ts'
import { createRecord, isOutcome, collectionToWrite } from '../rule-helpers.ts'

type Preference = 'minimal' | 'representation'

/** The `return` preference a `Preference-Applied` header names (RFC 7240), if any. */
function appliedReturn(exchange: Exchange): string | undefined {
  const header = exchange.headers.get('preference-applied')
  if (header === null) return undefined
  for (const item of header.split(',').slice(0, 32)) {
    const [name = '', value = ''] = item.split('=', 2)
    if (name.trim().toLowerCase() === 'return')
      return value.trim().replace(/^"|"$/g, '').toLowerCase()
  }
  return undefined
}

const isScalar = (value: unknown) =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean'

/** The scalar members sent that the body does not give back as sent. */
function missingMembers(sent: Record<string, unknown>, body: unknown) {
  const read = isObject(body) ? body : {}
  return Object.entries(sent)
    .filter(([name, value]) => isScalar(value) && read[name] !== value)
    .map(([name]) => name)
}

/** The record sent back whole: a JSON object with every scalar member sent. */
const isRecord = (sent: Record<string, unknown>, exchange: Exchange) =>
  isObject(exchange.json) &&
  Object.values(sent).some(isScalar) &&
  missingMembers(sent, exchange.json).length === 0

/** What one create, asked `return=<asked>`, shows: honoured rightly, wrongly, or not at all. */
function judge(
  asked: Preference,
  sent: Record<string, unknown>,
  created: Exchange,
): { honoured: boolean; outcome?: RuleOutcome } {
  const applied = appliedReturn(created)
  if (applied === undefined) return { honoured: false }
  const what = `POST ${created.url.href} sent Prefer: return=${asked} and answered Preference-Applied: return=${applied}`
  if (
    applied === 'minimal' &&
    created.text.trim() !== '' &&
    isRecord(sent, created)
  )
    return {
      honoured: true,
      outcome: fail(
        `${what}: a minimal answer, without the record`,
        `the body is the record anyway: ${describeResponse(created)}`,
      ),
    }
  if (applied === 'representation') {
    const missing = missingMembers(sent, created.json)
    if (!isObject(created.json) || missing.length > 0)
      return {
        honoured: true,
        outcome: fail(
          `${what}: the record in the body, with the members sent`,
          isObject(created.json)
            ? `the body lacks ${missing.map((m) => `"${m}"`).join(', ')} as sent: ${describeResponse(created)}`
            : `the body is not the record: ${describeResponse(created)}`,
        ),
      }
  }
  if (applied !== 'minimal' && applied !== 'representation')
    return {
      honoured: true,
      outcome: fail(
        `${what}: Preference-Applied names return=minimal or return=representation (RFC 7240)`,
        `return=${applied}`,
      ),
    }
  return { honoured: true }
}

export const preferReturn = defineRule({
  id: 'prefer-return',
  level: 'must',
  concept: 'resources',
  also: 'RFC 7240 (Prefer: return, Preference-Applied)',
  sends:
    'two POSTs of a valid body, one with `Prefer: return=minimal` and one with `Prefer: return=representation`',
  writes: 'creates two records (deleted at the end)',
  title:
    'A create that says it applied `return=minimal` leaves the record out; one that says `return=representation` sends it. A server that ignores `Prefer` is noted, not failed',
  async run(context) {
    const collection = collectionToWrite(context)
    if (isOutcome(collection)) return collection
    const sent = collection.createBody ?? {}
    const verdicts: { asked: Preference; honoured: boolean }[] = []
    for (const asked of ['minimal', 'representation'] as const) {
      const created = await createRecord(context, collection, {
        Prefer: `return=${asked}`,
      })
      if (isOutcome(created)) return created
      const { honoured, outcome } = judge(asked, sent, created)
      if (outcome) return outcome
      verdicts.push({ asked, honoured })
    }
    const honoured = verdicts.filter((v) => v.honoured).map((v) => v.asked)
    if (honoured.length === 0)
      return skip(
        `POST ${collection.url.href} ignores Prefer: return=… (no Preference-Applied): preferences are optional (RFC 7240), so nothing is judged`,
      )
    return pass(
      `Preference-Applied told the truth for return=${honoured.join(' and return=')}`,
    )
  },
})
