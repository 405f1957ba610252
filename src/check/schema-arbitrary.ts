import fc from 'fast-check'
import {
  isObject,
  resolveRef,
  type OpenApiDocument,
} from './openapi-document.ts'

const MAX_DEPTH = 5
const MAX_ITEMS = 3
const MAX_STRING = 24

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  uri: fc.webUrl(),
  url: fc.webUrl(),
  'date-time': fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString()),
  date: fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10)),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
}

const num = (value: unknown) => (typeof value === 'number' ? value : undefined)

function numberArbitrary(
  schema: Record<string, unknown>,
  integer: boolean,
): fc.Arbitrary<number> {
  // OpenAPI 3.0's boolean exclusiveMinimum/Maximum, and 3.1's numeric ones.
  const exclusiveMin =
    num(schema.exclusiveMinimum) ??
    (schema.exclusiveMinimum === true ? num(schema.minimum) : undefined)
  const exclusiveMax =
    num(schema.exclusiveMaximum) ??
    (schema.exclusiveMaximum === true ? num(schema.maximum) : undefined)
  let min = num(schema.minimum) ?? -1_000_000
  let max = num(schema.maximum) ?? 1_000_000
  if (exclusiveMin !== undefined) min = exclusiveMin + (integer ? 1 : 1e-6)
  if (exclusiveMax !== undefined) max = exclusiveMax - (integer ? 1 : 1e-6)
  if (integer) {
    const low = Math.ceil(min)
    const high = Math.max(low, Math.floor(max))
    const multiple = num(schema.multipleOf)
    if (multiple && Number.isInteger(multiple) && multiple > 0)
      return fc
        .integer({
          min: Math.ceil(low / multiple),
          max: Math.max(Math.ceil(low / multiple), Math.floor(high / multiple)),
        })
        .map((n) => n * multiple)
    return fc.integer({ min: low, max: high })
  }
  return fc.double({
    min,
    max: Math.max(min, max),
    noNaN: true,
    noDefaultInfinity: true,
  })
}

function stringArbitrary(
  schema: Record<string, unknown>,
): fc.Arbitrary<string> {
  const format =
    typeof schema.format === 'string' ? FORMATS[schema.format] : undefined
  if (format) return format
  if (typeof schema.pattern === 'string')
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'))
    } catch {
      // A pattern JavaScript cannot read: plain strings, which validation then filters out.
    }
  const minLength = num(schema.minLength) ?? 0
  const maxLength = Math.max(
    minLength,
    Math.min(num(schema.maxLength) ?? MAX_STRING, minLength + MAX_STRING),
  )
  return fc.string({ minLength, maxLength })
}

/**
 * A fast-check arbitrary for the values a JSON Schema (as an OpenAPI description uses it)
 * accepts: `$ref`, `const`, `enum`, `oneOf`/`anyOf`, `allOf` of objects, objects with their
 * required and optional members, arrays, strings with their format, length or pattern, and
 * bounded numbers. What it cannot honour (a `not`, an exotic pattern) the caller filters out by
 * validating every sample against the schema.
 */
export function schemaArbitrary(
  doc: OpenApiDocument,
  raw: unknown,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolveRef(doc, raw)
  if (!isObject(schema) || depth > MAX_DEPTH) return fc.constant(null)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return fc.constantFrom(...(schema.enum as unknown[]))
  const choice = schema.oneOf ?? schema.anyOf
  if (Array.isArray(choice) && choice.length > 0)
    return fc.oneof(
      ...choice
        .slice(0, 6)
        .map((option) => schemaArbitrary(doc, option, depth + 1)),
    )
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const parts = schema.allOf.map((part) => resolveRef(doc, part))
    const merged: Record<string, unknown> = {
      type: 'object',
      properties: {},
      required: [],
    }
    for (const part of [schema, ...parts].filter(isObject)) {
      Object.assign(
        merged.properties as object,
        isObject(part.properties) ? part.properties : {},
      )
      if (Array.isArray(part.required))
        (merged.required as unknown[]).push(...(part.required as unknown[]))
    }
    return schemaArbitrary(doc, merged, depth + 1)
  }
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : [schema.type]
  const type =
    types.find((t) => t !== 'null') ??
    (isObject(schema.properties)
      ? 'object'
      : schema.items
        ? 'array'
        : undefined)
  const nullable = schema.nullable === true || types.includes('null')
  const arbitrary = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object': {
        const properties = isObject(schema.properties) ? schema.properties : {}
        const required = Array.isArray(schema.required)
          ? (schema.required as string[]).filter((name) => name in properties)
          : []
        const model = Object.fromEntries(
          Object.entries(properties)
            .filter(([, property]) => {
              const resolved = resolveRef(doc, property)
              // Members the server sets are not sent.
              return !(isObject(resolved) && resolved.readOnly === true)
            })
            .map(([name, property]) => [
              name,
              schemaArbitrary(doc, property, depth + 1),
            ]),
        )
        return fc.record(model, {
          requiredKeys: required.filter((name) => name in model),
        })
      }
      case 'array': {
        const minItems = num(schema.minItems) ?? 0
        return fc.array(schemaArbitrary(doc, schema.items, depth + 1), {
          minLength: minItems,
          maxLength: Math.max(
            minItems,
            Math.min(num(schema.maxItems) ?? MAX_ITEMS, MAX_ITEMS),
          ),
        })
      }
      case 'string':
        return stringArbitrary(schema)
      case 'integer':
        return numberArbitrary(schema, true)
      case 'number':
        return numberArbitrary(schema, false)
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      default:
        return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean())
    }
  })()
  return nullable ? fc.option(arbitrary, { nil: null, freq: 5 }) : arbitrary
}

/** `count` values of an arbitrary, the same ones for the same seed. */
export const samples = <T>(
  arbitrary: fc.Arbitrary<T>,
  seed: number,
  count: number,
): T[] => (count <= 0 ? [] : fc.sample(arbitrary, { seed, numRuns: count }))
