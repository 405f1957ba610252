import type { ApiDeclaration, MockApi } from '../../src/mock-server/index.ts'
import type { ImportReport } from '../../src/openapi-import/index.ts'
import {
  jsonMedia,
  operationsOf,
  requestSchemaOf,
} from '../../src/openapi-import/openapi-reader.ts'
import { sampleValue } from '../../src/openapi-import/sample-value.ts'
import { resolve } from '../../src/openapi-import/schema-view.ts'
import { importedPrefix, judgeOf, seeded } from './corpus-lifecycle.ts'
import { signedFetch } from './signed-fetch.ts'

type Json = Record<string, unknown>

/** Whether a listed media range (`application/json`, `application/*`, `*\/*`) covers a type. */
function covers(range: string, type: string) {
  const [rangeType, rangeSub] = range
    .split(';')[0]!
    .trim()
    .toLowerCase()
    .split('/')
  const [actualType, actualSub] = type.split('/')
  return (
    (rangeType === '*' || rangeType === actualType) &&
    (rangeSub === '*' || rangeSub === actualSub)
  )
}

/** What one operation answered that its description does not allow. */
export interface Disallowed {
  /** `GET /v1/customers/{customer} → 404`: the operation as the description names it. */
  operation: string
  servedAs: string
  why: string
}

/**
 * Sends one request to every operation of a description (path parameters, required query
 * parameters and any JSON body drawn from their schemas) and judges each answer by the operation
 * alone: a success must have a status the operation lists (exact, `2XX` or `default`), and any
 * answer with a status it lists must carry every header that answer marks required, and a body in
 * a media type it lists that its schema for that status accepts. An error status the operation
 * does not list is allowed (OpenAPI's responses need not list every error), as long as it is one
 * at all, except from an operation the import report serves from its example: that one answers
 * its example.
 */
export async function everyAnswer(
  document: Json,
  report: ImportReport,
  api: MockApi<ApiDeclaration>,
): Promise<{ sent: number; successes: number; disallowed: Disallowed[] }> {
  const { doc, validator } = judgeOf(document)
  const base = report.base === '/' ? '' : report.base
  const prefix = importedPrefix(doc, report)
  const disallowed: Disallowed[] = []
  let sent = 0
  let successes = 0
  for (const op of operationsOf(doc)) {
    const random = seeded(7)
    const drawn = (schema: unknown) =>
      encodeURIComponent(String(schema ? sampleValue(doc, schema, random) : 1))
    // A path may name a variant by a query (`?beta=true`) or a fragment (`#get_shared_link`):
    // the required query parameters join the path's own, before the fragment.
    const [pathAndQuery = '', fragment] = op.path
      .slice(prefix.length)
      .replace(/\{([^}]+)\}/g, (_, name: string) =>
        drawn(
          op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema,
        ),
      )
      .split('#')
    const [url = '', ownQuery] = pathAndQuery.split('?')
    const query = [
      ...(ownQuery ? [ownQuery] : []),
      ...op.parameters
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${encodeURIComponent(String(p.name))}=${drawn(p.schema)}`),
    ].join('&')
    const schema = requestSchemaOf(doc, op.operation, true)
    const body =
      op.method === 'get' || op.method === 'delete' || !schema
        ? undefined
        : sampleValue(doc, schema, random)
    const response = await signedFetch(
      api,
      'corpus',
    )(
      new Request(
        `http://localhost${base}${url}${query ? `?${query}` : ''}${fragment === undefined ? '' : `#${fragment}`}`,
        {
          method: op.method.toUpperCase(),
          headers: {
            Authorization: 'Bearer corpus',
            ...(body !== undefined && { 'Content-Type': 'application/json' }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        },
      ),
    )
    sent++
    const status = response.status
    const text = await response.text()
    const responses = (op.operation.responses ?? {}) as Json
    const success = status >= 200 && status < 300
    if (success) successes++
    const listed =
      responses[String(status)] ??
      responses[`${String(status)[0]}XX`] ??
      responses.default
    const served =
      report.operations.find(
        (o) =>
          o.method.toLowerCase() === op.method && prefix + o.path === op.path,
      )?.servedAs ?? 'not served'
    const operation = `${op.method.toUpperCase()} ${op.path} → ${status}`
    const refuse = (why: string) =>
      disallowed.push({ operation, servedAs: served, why })
    if (status < 200 || status >= 600) {
      refuse('not an HTTP answer')
      continue
    }
    // The mock's own failure is never an answer the API allows, listed 500 or not.
    if (status === 500 && text.includes('internal-error')) {
      refuse(`the mock failed: ${text.slice(0, 200)}`)
      continue
    }
    // What `inspect` reports as served from its example is served: its URL finds a route.
    if (served === 'example only' && (status === 404 || status === 405)) {
      refuse(
        `inspect says "example only", but it answered ${status}: ${text.slice(0, 200)}`,
      )
      continue
    }
    if (!listed) {
      if (success)
        refuse(
          `a success the operation does not list (it lists ${Object.keys(responses).join(', ')})`,
        )
      continue
    }
    const documented = resolve(doc, listed)
    // Every header the answer marks required is there (Content-Type is the media type's).
    for (const [name, header] of Object.entries(
      (documented.headers ?? {}) as Json,
    ))
      if (
        (resolve(doc, header) as Json).required === true &&
        name.toLowerCase() !== 'content-type' &&
        !response.headers.has(name)
      )
        refuse(`the required header ${name} is missing`)
    // A body comes in a media type the answer lists.
    const content = documented.content as Json | undefined
    const type = (response.headers.get('content-type') ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase()
    if (
      text &&
      content &&
      Object.keys(content).length > 0 &&
      !Object.keys(content).some((range) => covers(range, type))
    ) {
      refuse(
        `Content-Type ${type || '(none)'} where the operation lists ${Object.keys(content).join(', ')}`,
      )
      continue
    }
    const media = jsonMedia(content)
    if (!media?.media.schema || !text) continue
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      refuse('a body that is not JSON where the operation draws JSON')
      continue
    }
    let validate: ReturnType<typeof validator>
    try {
      validate = validator(media.media.schema)
    } catch {
      // A schema no validator compiles allows nothing it could judge.
      continue
    }
    if (!validate(parsed))
      refuse(
        (validate.errors ?? [])
          .slice(0, 3)
          .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
          .join('; '),
      )
  }
  return { sent, successes, disallowed }
}
