import fc from 'fast-check'
import type { Exchange } from '../create-probe.ts'
import { invalidVariants } from '../invalid-variants.ts'
import {
  describedOperations,
  isObject,
  requestBodyOf,
  resolveRef,
  type DescribedOperation,
  type OpenApiDocument,
} from '../openapi-document.ts'
import { validatorsFor } from '../response-conformance.ts'
import { requestSchemaPointer } from '../request-body-validator.ts'
import { defineRule, fail, pass, skip, type RuleContext } from '../rule.ts'
import { samples, schemaArbitrary } from '../schema-arbitrary.ts'

interface Planned {
  method: 'GET' | 'POST'
  url: URL
  json?: unknown
  /** `null` for a valid request, else what was made invalid. */
  invalid: string | null
}

interface Target {
  operation: DescribedOperation
  url: URL
  valid: Planned[]
  invalid: Planned[]
}

const isValid = (doc: OpenApiDocument, pointer: string, value: unknown) => {
  const validate = validatorsFor(doc).schema(pointer)
  return typeof validate !== 'string' && validate(value) === true
}

/** Query parameters as the description declares them: name, schema, required, form style. */
function queryParameters(doc: OpenApiDocument, operation: DescribedOperation) {
  const declared = Array.isArray(operation.operation.parameters)
    ? operation.operation.parameters
    : []
  return declared.flatMap((raw, index) => {
    const parameter = resolveRef(doc, raw)
    if (!isObject(parameter) || parameter.in !== 'query') return []
    if (typeof parameter.name !== 'string' || parameter.schema === undefined)
      return []
    // A parameter given by $ref lives under components; its schema's pointer follows it.
    const pointer =
      isObject(raw) && typeof raw.$ref === 'string'
        ? `${raw.$ref}/schema`
        : `${operation.pointer}/parameters/${index}/schema`
    return [
      {
        name: parameter.name,
        schema: parameter.schema,
        pointer,
        required: parameter.required === true,
        explode: parameter.explode !== false,
      },
    ]
  })
}

function withQuery(
  url: URL,
  values: Record<string, unknown>,
  explode: (name: string) => boolean,
): URL {
  const target = new URL(url.href)
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      if (value.length === 0) continue
      if (explode(name))
        for (const part of value) target.searchParams.append(name, String(part))
      else target.searchParams.append(name, value.map(String).join(','))
    } else
      target.searchParams.append(
        name,
        isObject(value) ? JSON.stringify(value) : String(value),
      )
  }
  return target
}

function readTarget(
  doc: OpenApiDocument,
  operation: DescribedOperation,
  url: URL,
  seed: number,
  count: number,
): Target | null {
  const parameters = queryParameters(doc, operation)
  if (parameters.length === 0) return null
  const explode = (name: string) =>
    parameters.find((p) => p.name === name)?.explode ?? true
  const arbitrary = fc.record(
    Object.fromEntries(
      parameters.map((p) => [p.name, schemaArbitrary(doc, p.schema)]),
    ),
    { requiredKeys: parameters.filter((p) => p.required).map((p) => p.name) },
  )
  const valid = samples(arbitrary, seed, count * 3)
    .filter((values) =>
      parameters.every(
        (p) =>
          values[p.name] === undefined ||
          isValid(doc, p.pointer, values[p.name]),
      ),
    )
    .slice(0, count)
    .map((values): Planned => ({
      method: 'GET',
      url: withQuery(url, values, explode),
      invalid: null,
    }))
  // One parameter at a time given a value its schema refuses.
  const invalid = parameters.flatMap((p): Planned[] => {
    const schema = resolveRef(doc, p.schema)
    const items = isObject(schema) ? resolveRef(doc, schema.items) : undefined
    const typed =
      isObject(schema) &&
      (schema.enum ||
        schema.type === 'integer' ||
        schema.type === 'number' ||
        (isObject(items) && (items.enum || items.type === 'integer')))
    if (!typed) return []
    const value = 'hypermock-invalid'
    const parsed = schema.type === 'array' ? [value] : value
    if (isValid(doc, p.pointer, parsed)) return []
    return [
      {
        method: 'GET',
        url: withQuery(url, { [p.name]: value }, explode),
        invalid: `the query parameter "${p.name}" as "${value}", which its schema refuses`,
      },
    ]
  })
  return { operation, url, valid, invalid }
}

function writeTarget(
  doc: OpenApiDocument,
  operation: DescribedOperation,
  url: URL,
  seed: number,
  count: number,
): Target | null {
  const body = requestBodyOf(doc, operation.operation)
  if (!body?.schema) return null
  const pointer = requestSchemaPointer(doc, operation)
  if (!pointer) return null
  const generated = samples(
    schemaArbitrary(doc, body.schema),
    seed,
    count * 4,
  ).filter((value) => isValid(doc, pointer, value))
  const valid = generated
    .slice(0, count)
    .map((json): Planned => ({ method: 'POST', url, json, invalid: null }))
  const base = [body.example, ...generated].find(
    (value): value is Record<string, unknown> =>
      isObject(value) && isValid(doc, pointer, value),
  )
  const invalid = base
    ? invalidVariants(doc, body.schema, base)
        .filter((variant) => !isValid(doc, pointer, variant.value))
        .map((variant): Planned => ({
          method: 'POST',
          url,
          json: variant.value,
          invalid: `a body ${variant.what}`,
        }))
    : []
  return { operation, url, valid, invalid }
}

/** Where the description's operations live on this server: concrete paths, and the collections found. */
function targets(context: RuleContext, doc: OpenApiDocument): Target[] {
  const { options, discovery } = context
  const base = options.baseUrl
  // Only where what a create makes can be deleted again: a record the run cannot remove is not made.
  const deletable = discovery.collections
    .filter((c) => c.canDelete === true)
    .map((c) => c.url)
  const found: Target[] = []
  const perTarget = Math.max(2, options.generatedRequests)
  for (const operation of describedOperations(doc, base)) {
    const url = operation.full.includes('{')
      ? null
      : new URL(operation.full, base)
    if (!url || url.origin !== base.origin) continue
    const seed = options.seed + found.length
    if (operation.method === 'GET') {
      const target = readTarget(doc, operation, url, seed, perTarget)
      if (target) found.push(target)
    }
    if (
      operation.method === 'POST' &&
      options.allowWrites &&
      deletable.some((c) => c.pathname === url.pathname)
    ) {
      const target = writeTarget(doc, operation, url, seed, perTarget)
      if (target) found.push(target)
    }
  }
  return found
}

/** Takes requests from each target in turn, valid and invalid alternating, up to the budget. */
function plan(found: Target[], budget: number): Planned[] {
  const queues = found.flatMap((t) => [t.invalid, t.valid]).map((q) => [...q])
  const planned: Planned[] = []
  while (planned.length < budget && queues.some((q) => q.length > 0))
    for (const queue of queues) {
      const next = queue.shift()
      if (next && planned.length < budget) planned.push(next)
    }
  return planned
}

/**
 * Requests generated from the description's schemas, valid and invalid, from a seed: a 5xx to
 * any of them, or a success for an invalid one, is what Schemathesis looks for. Reads carry
 * generated query values; with writes, creates carry generated bodies (each record deleted).
 */
export const generatedRequests = defineRule({
  id: 'generated-requests',
  level: 'must',
  concept: 'validation',
  also: 'OpenAPI 3.0/3.1 (Parameter, Request Body)',
  sends:
    'GETs with query values generated from the description (valid, and one parameter invalid at a time); with --allow-writes, POSTs of generated valid and invalid bodies to the collections found. --seed and --generated-requests set what and how much',
  writes:
    'POSTs of generated bodies to collections; every record created is deleted afterwards',
  title:
    'Requests generated from the description get no 5xx, and an invalid one is refused with a 4xx',
  // Its requests come after the other rules' (they may use up the caller's quota), before the clean-up.
  phase: 'generate',
  async run(context) {
    const { options, discovery, probe } = context
    const doc = discovery.openapi
    if (!doc)
      return skip(
        'no trusted OpenAPI description to generate requests from (give --openapi)',
      )
    const planned = plan(targets(context, doc), options.generatedRequests)
    if (planned.length === 0)
      return skip(
        options.allowWrites
          ? 'the description declares no query parameter or JSON create body to generate from'
          : 'the description declares no query parameter to generate from (with --allow-writes, create bodies too)',
      )
    const findings: { exchange: Exchange; what: string }[] = []
    let invalid = 0
    let sent = 0
    let limited = false
    for (const request of planned) {
      const exchange = await probe.send({
        method: request.method,
        url: request.url,
        ...(request.json !== undefined && { json: request.json }),
        // A 429 ends the generation rather than waiting: the quota is the server's, not the run's.
        honourRetryAfter: false,
        expect: request.invalid
          ? `a 4xx for ${request.invalid}`
          : 'a response below 500',
      })
      const collection = discovery.collections.find(
        (c) => c.url.pathname === request.url.pathname,
      )
      if (request.method === 'POST' && exchange.status < 300 && collection)
        context.created(exchange, collection)
      if (exchange.status === 429) {
        limited = true
        break
      }
      sent++
      if (request.invalid) invalid++
      const label = `${request.method} ${request.url.href}${request.invalid ? ` with ${request.invalid}` : ''}`
      if (exchange.status >= 500)
        findings.push({ exchange, what: `${label} → ${exchange.status}` })
      else if (request.invalid && exchange.status < 400)
        findings.push({
          exchange,
          what: `${label} → ${exchange.status}: accepted`,
        })
    }
    const summary = `${sent} generated requests (${invalid} invalid), seed ${options.seed}${limited ? `; stopped by a 429 after ${sent} of ${planned.length}` : ''}`
    if (findings.length === 0) return sent === 0 ? skip(summary) : pass(summary)
    return fail(
      'no 5xx for a generated request, and a 4xx for every invalid one',
      `${findings.length} of ${summary}: ${findings
        .slice(0, 5)
        .map((f) => f.what)
        .join('; ')}`,
      findings.slice(0, 5).map((f) => f.exchange),
    )
  },
})
