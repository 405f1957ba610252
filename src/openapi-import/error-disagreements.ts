import { jsonMedia, type DocOperation } from './openapi-reader.ts'
import { flatten, isObject, resolve, type Json } from './schema-view.ts'

const PROBLEM_MEMBERS = ['type', 'title', 'status', 'detail']

/** The schema's name where it is a `$ref`, else "an inline schema". */
function nameOf(node: unknown) {
  const ref = isObject(node) ? node.$ref : undefined
  return typeof ref === 'string'
    ? ref.replace('#/components/schemas/', '')
    : 'an inline schema'
}

/**
 * Where the description's error responses differ from RFC 9457 problem documents: another media
 * type, or a schema without the problem members (the mock answers problem documents, or that shape with `errors: 'description'`).
 * One line per kind.
 */
export function errorDisagreements(
  document: Json,
  operations: DocOperation[],
): string[] {
  const found = new Map<string, string[]>()
  for (const { method, path, operation } of operations) {
    const responses = (operation.responses as Json | undefined) ?? {}
    for (const [status, raw] of Object.entries(responses)) {
      if (!/^[45]|^default$/.test(status)) continue
      const response = resolve(document, raw)
      const content = response.content
      if (!isObject(content)) continue
      const media = Object.keys(content).includes('application/problem+json')
        ? {
            type: 'application/problem+json',
            media: content['application/problem+json'] as Json,
          }
        : jsonMedia(content)
      if (!media) continue
      const schema = flatten(document, media.media.schema)
      const members = Object.keys((schema.properties as Json | undefined) ?? {})
      const missing = PROBLEM_MEMBERS.filter((m) => !members.includes(m))
      // A problem document drawn as variants (one per problem type) has no common properties.
      if (
        media.type === 'application/problem+json' &&
        (missing.length === 0 || members.length === 0)
      )
        continue
      const what = `${media.type} with ${nameOf(media.media.schema)}${missing.length > 0 ? ` (no ${missing.join(', ')})` : ''}`
      const where = found.get(what) ?? []
      where.push(`${method.toUpperCase()} ${path} ${status}`)
      found.set(what, where)
    }
  }
  return [...found].map(
    ([what, where]) =>
      `${where.length} error response${where.length === 1 ? '' : 's'} (${where.slice(0, 3).join(', ')}${where.length > 3 ? ', …' : ''}) describe ${what}; the mock answers problem documents (errors: 'description' answers in that shape)`,
  )
}
