import type { Exchange } from '../probe-types.ts'
import { describeResponse, fail, pass, skip, defineRule } from '../rule.ts'
import { createdRecord, createRecord, isOutcome } from '../rule-helpers.ts'
import { parseAllow } from '../header-syntax.ts'
import { findOperation } from '../openapi-document.ts'
import { writableCollection } from '../writable-collection.ts'
import { isObject } from '../../common/is-object.ts'
import { MERGE_PATCH } from '../../common/media-types.ts'

const MARK = 'set by hypermock check'

/**
 * A member the create body may leave out, and a value to set it to (`null`: it holds one). Only a
 * member the checker sent itself, or a plain text one: a member the server filled in (an owner's
 * id) may be one the caller cannot change.
 */
function optionalMember(
  schema: Record<string, unknown> | null,
  record: Record<string, unknown>,
  sent: Record<string, unknown>,
): { name: string; value: string | null } | null {
  if (!schema || !isObject(schema.properties)) return null
  const required = new Set(
    Array.isArray(schema.required) ? (schema.required as string[]) : [],
  )
  const optional = Object.entries(schema.properties).filter(
    ([name, p]) => !required.has(name) && !(isObject(p) && p.readOnly),
  )
  const held = optional.find(
    ([name]) =>
      name in sent && record[name] !== undefined && record[name] !== null,
  )
  if (held) return { name: held[0], value: null }
  // A plain string member takes any short text.
  const text = optional.find(([, p]) => {
    if (!isObject(p)) return false
    // `anyOf: [{ type: string }, { type: null }]` is a nullable string.
    const variants = Array.isArray(p.anyOf) ? [p, ...p.anyOf] : [p]
    const types = variants.flatMap((v: unknown) =>
      isObject(v) ? (Array.isArray(v.type) ? v.type : [v.type]) : [],
    )
    return (
      types.includes('string') &&
      !('enum' in p || 'const' in p || 'format' in p || 'pattern' in p)
    )
  })
  return text ? { name: text[0], value: MARK } : null
}

export const mergePatch = defineRule({
  id: 'merge-patch',
  level: 'should',
  concept: 'resources',
  also: 'RFC 7396 (JSON Merge Patch); RFC 5789 (PATCH)',
  sends:
    'with writes: a POST, OPTIONS on the record it created (an empty merge patch when OPTIONS names no Allow), a PATCH with a text/plain body, then merge patches that set and null an optional member, and a GET',
  writes: 'creates one record and patches it (then the clean-up deletes it)',
  title:
    'PATCH takes a JSON Merge Patch: another media type gets a 415, and null removes a member',
  async run(context) {
    const { options, discovery, probe } = context
    if (!options.allowWrites)
      return skip('needs --allow-writes: it patches a record it creates')
    const collection = writableCollection(discovery)
    if (!collection) return skip('found no collection to create a record in')
    const created = await createRecord(context, collection)
    if (isOutcome(created)) return created
    const remembered = context.created(created, collection)
    if (!remembered) return skip('the created record names no URL')
    // Patched where it reads back; without a Location, where its key says it is (json-server's way).
    const location = created.headers.get('location')
    const url =
      (await createdRecord(context, created))?.url ??
      (location === null ? remembered : null)
    if (!url)
      return skip(
        `the created record does not read back at its Location (${location}) or self link: nothing to patch (created-reads-back judges that)`,
      )
    // A description that documents no PATCH for the record says so before the server is asked.
    if (
      discovery.openapi &&
      !findOperation(discovery.openapi, options.baseUrl, 'PATCH', url.pathname)
    )
      return skip(
        `the description documents no PATCH for ${url.href} (its item route)`,
      )
    const described = await probe.send({ method: 'OPTIONS', url })
    const allow = parseAllow(described.headers.get('allow'))
    if (allow && !allow.includes('PATCH'))
      return skip(
        `${url.href} offers no PATCH (Allow: ${allow.join(', ') || 'empty'})`,
      )
    const acceptPatch = described.headers.get('accept-patch')
    if (acceptPatch !== null && !acceptPatch.includes(MERGE_PATCH))
      return skip(`PATCH takes ${acceptPatch}, not a JSON Merge Patch`)
    const patch = (body: Record<string, unknown>) =>
      probe.send({
        method: 'PATCH',
        url,
        headers: { 'Content-Type': MERGE_PATCH },
        json: body,
      })
    const evidence: Exchange[] = [described]
    if (!allow) {
      // OPTIONS names no Allow: the PATCH the conventions prescribe says whether it is offered. An
      // empty merge patch changes nothing.
      const tried = await patch({})
      evidence.push(tried)
      const said = `OPTIONS names no Allow, and an empty merge patch answered ${tried.status}`
      if (tried.status === 405 || tried.status === 501)
        return skip(`${url.href} offers no PATCH: ${said}`)
      if (tried.status === 415)
        return fail(
          `a PATCH with ${MERGE_PATCH} taken`,
          describeResponse(tried),
          evidence,
        )
      if (tried.status >= 500)
        return fail(
          `2xx for an empty merge patch of ${url.href}`,
          describeResponse(tried),
          evidence,
        )
      if (tried.status >= 300)
        return skip(
          `${said} (${describeResponse(tried).slice(0, 120)}): whether ${url.href} takes a merge patch is not known`,
        )
    }
    const wrong = await probe.send({
      method: 'PATCH',
      url,
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    })
    evidence.push(wrong)
    if (wrong.status !== 415)
      return fail(
        '415 for a PATCH whose body is text/plain',
        describeResponse(wrong),
        evidence,
      )
    const record = isObject(created.json) ? created.json : {}
    const member = optionalMember(
      collection.createSchema,
      record,
      collection.createBody ?? {},
    )
    if (!member) return pass('no optional member to remove: null not tried')
    if (member.value !== null) {
      const set = await patch({ [member.name]: member.value })
      evidence.push(set)
      if (set.status >= 300)
        return pass(
          `could not set the optional ${member.name} (${set.status}): null not tried`,
        )
    }
    const removed = await patch({ [member.name]: null })
    evidence.push(removed)
    if (removed.status >= 300)
      return fail(
        `2xx for a merge patch that nulls the optional ${member.name}`,
        describeResponse(removed),
        evidence,
      )
    const read = await probe.send({ url })
    evidence.push(read)
    const after = isObject(read.json) ? read.json[member.name] : undefined
    if (after === undefined || after === null) return pass()
    return fail(
      `${member.name} gone (or null) after a merge patch set it to null`,
      `${member.name} is ${JSON.stringify(after)}`,
      evidence,
    )
  },
})
