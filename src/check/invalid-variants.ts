import {
  isObject,
  resolveRef,
  type OpenApiDocument,
} from './openapi-document.ts'

export interface InvalidVariant {
  /** What was made invalid, e.g. `without the required member "currency"`. */
  what: string
  value: unknown
}

const WRONG: Record<string, unknown> = {
  string: 12345,
  integer: 'hypermock-not-a-number',
  number: 'hypermock-not-a-number',
  boolean: 'hypermock-not-a-boolean',
  object: 'hypermock-not-an-object',
  array: 'hypermock-not-an-array',
}

/**
 * Ways to break a valid object body, one change each: a required member left out, a member of
 * the wrong JSON type, a value outside its enum or bounds, an unknown member where the schema
 * closes the object, a body that is not an object. The caller keeps only those the schema
 * refuses.
 */
export function invalidVariants(
  doc: OpenApiDocument,
  raw: unknown,
  valid: Record<string, unknown>,
): InvalidVariant[] {
  const schema = resolveRef(doc, raw)
  if (!isObject(schema)) return []
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = Array.isArray(schema.required)
    ? (schema.required as string[])
    : []
  // A read-only member is the server's to set: a request's value for it is ignored, not refused
  // (OpenAPI: it SHOULD NOT be sent, and `required` holds for responses only).
  const readOnly = (name: string) => {
    const property = resolveRef(doc, properties[name])
    return isObject(property) && property.readOnly === true
  }
  const variants: InvalidVariant[] = []
  for (const name of required)
    if (name in valid && !readOnly(name)) {
      const { [name]: _left, ...rest } = valid
      variants.push({
        what: `without the required member "${name}"`,
        value: rest,
      })
    }
  for (const [name, rawProperty] of Object.entries(properties)) {
    const property = resolveRef(doc, rawProperty)
    if (!isObject(property) || readOnly(name)) continue
    const type = Array.isArray(property.type) ? undefined : property.type
    if (typeof type === 'string' && type in WRONG)
      variants.push({
        what: `with "${name}" as ${JSON.stringify(WRONG[type])} where the description says ${type}`,
        value: { ...valid, [name]: WRONG[type] },
      })
    if (Array.isArray(property.enum))
      variants.push({
        what: `with "${name}" outside its enum`,
        value: { ...valid, [name]: 'hypermock-not-in-enum' },
      })
    if (typeof property.maximum === 'number')
      variants.push({
        what: `with "${name}" above its maximum ${property.maximum}`,
        value: { ...valid, [name]: property.maximum + 1_000 },
      })
    if (typeof property.minimum === 'number')
      variants.push({
        what: `with "${name}" below its minimum ${property.minimum}`,
        value: { ...valid, [name]: property.minimum - 1_000 },
      })
    if (typeof property.maxLength === 'number' && property.maxLength < 10_000)
      variants.push({
        what: `with "${name}" longer than its maxLength ${property.maxLength}`,
        value: { ...valid, [name]: 'x'.repeat(property.maxLength + 1) },
      })
  }
  if (schema.additionalProperties === false)
    variants.push({
      what: 'with an unknown member "hypermockUnknown" the schema does not allow',
      value: { ...valid, hypermockUnknown: true },
    })
  variants.push({ what: 'that is a JSON array, not an object', value: [valid] })
  return variants
}
