import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { Schema } from '../mock-server/declare/types.ts'
import { unknownMember } from '../mock-server/validation/validate.ts'
import { FILES_MEMBER } from './read-description.ts'
import { withoutExamples } from './reference-walk.ts'
import type { Json } from './schema-view.ts'
import { isObject } from '../common/is-object.ts'
import { patternRegExp } from '../common/pattern-regexp.ts'

// ajv-formats is CommonJS with a default export that TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

/** A schema's local `$ref`s (`#/components/…`) pointed at the description added as `openapi`. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase)
  if (node === null || typeof node !== 'object') return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `openapi${value}`
        : rebase(value)
  return out
}

/**
 * One validator per description: its schemas are added once, when the first schema is compiled
 * (a request's or a seed row's, not the import's), and each is compiled on first use. A schema
 * met again as another object of the same JSON (a resolved or flattened copy) is not compiled
 * again: on the public descriptions, two compiles in five were of a schema compiled already.
 */
export function descriptionValidator(document: Json) {
  let ajv: Ajv2020 | undefined
  const cache = new WeakMap<object, ValidateFunction>()
  const byJson = new Map<string, ValidateFunction>()
  return (schema: unknown): ValidateFunction => {
    const key = (typeof schema === 'object' && schema) || {}
    let validate = cache.get(key)
    if (!validate) {
      const source =
        typeof schema === 'boolean' ? schema : (rebase(schema ?? {}) as Json)
      const json = JSON.stringify(source)
      validate = byJson.get(json)
      if (!validate) {
        ajv ??= descriptionAjv(document)
        validate = ajv.compile(source)
        byJson.set(json, validate)
      }
      cache.set(key, validate)
    }
    return validate
  }
}

function descriptionAjv(document: Json) {
  // Formats no validator knows (`iso-country-code`) are let through quietly, as JSON Schema says.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    // Code-generation's optimising passes cost more than they save on large descriptions'
    // schemas (a third of Stripe's serve time), each compiled once.
    code: { optimize: false, regExp: patternRegExp },
    // Each `$ref` compiled once, as a function of its own, rather than inlined into every schema
    // that reaches it: Stripe's records share most of their graph.
    inlineRefs: false,
    // Errors carry their schema: an unknown member gets a "did you mean" from its known ones.
    verbose: true,
    logger: { log() {}, warn() {}, error: console.error },
  })
  addFormats(ajv)
  // Examples and extensions left out: only schemas are compiled, and a `$id` inside an example
  // (Box's) is data, not a second schema of that id.
  ajv.addSchema(withoutExamples(document, FILES_MEMBER) as Json, 'openapi')
  return ajv
}

export type DescriptionValidator = ReturnType<typeof descriptionValidator>

const unescape = (part: string) =>
  part.replaceAll('~1', '/').replaceAll('~0', '~')

/** Where an ajv error is, as path keys: the missing or unknown member included. */
function pathOf(error: ErrorObject): PropertyKey[] {
  const path: PropertyKey[] = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : unescape(part)))
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'required') path.push(String(params.missingProperty))
  if (error.keyword === 'additionalProperties')
    path.push(String(params.additionalProperty))
  if (error.keyword === 'unevaluatedProperties')
    path.push(String(params.unevaluatedProperty))
  return path
}

function messageOf(error: ErrorObject) {
  if (error.keyword === 'required') return 'is required'
  if (
    error.keyword === 'additionalProperties' ||
    error.keyword === 'unevaluatedProperties'
  ) {
    const params = error.params as Record<string, unknown>
    const name = String(params.additionalProperty ?? params.unevaluatedProperty)
    const properties = (error.parentSchema as Json | undefined)?.properties
    return properties && typeof properties === 'object'
      ? unknownMember(name, Object.keys(properties))
      : 'is not a known member'
  }
  return error.message ?? `fails ${error.keyword}`
}

export interface AjvSchemaOptions {
  /** Members the server sets: a body may not send them, and need not send them when required. */
  readOnly?: readonly string[]
  /** The schema's fields, flattened, for filters and the engine's field list. */
  json: Json
  /** Values of members a valid body leaves out (a `default`, or null for a nullable member). */
  absent?: Readonly<Record<string, unknown>>
  /** Members the schema does not draw that the engine stores (a hidden `id`): not validated. */
  ignore?: readonly string[]
  /** Values read from a form (strings) turned into the schema's types before validating. */
  coerce?: (value: unknown) => unknown
  /**
   * Members a valid body names otherwise than the record (`FriendlyName` sent, `friendly_name`
   * kept), by the body's name: the value is validated as sent and kept by the record's names.
   */
  rename?: Readonly<Record<string, string>>
}

/**
 * A description's schema as a Standard Schema: ajv validates with every error collected, and each
 * becomes one issue with its path, so a 422 lists every invalid field with its JSON pointer.
 */
export function ajvStandardSchema(
  compile: () => ValidateFunction,
  options: AjvSchemaOptions,
): Schema {
  let compiled: ValidateFunction | undefined
  const readOnly = new Set(options.readOnly ?? [])
  const standard = {
    version: 1 as const,
    vendor: 'hypermock-openapi',
    validate(raw: unknown): StandardSchemaV1.Result<unknown> {
      const validate = (compiled ??= compile())
      const value = options.coerce ? options.coerce(raw) : raw
      validate(ignored(value, options.ignore))
      const issues: StandardSchemaV1.Issue[] = []
      const seen = new Set<string>()
      for (const error of validate.errors ?? []) {
        const path = pathOf(error)
        // A server-set member is required in what the server answers, not in what it is sent;
        // sent anyway, it gets one error below, whatever its value.
        if (readOnly.has(String(path[0]))) continue
        // `oneOf`/`anyOf` repeat their members' errors: one issue per place and message.
        const key = `${path.join('/')} ${messageOf(error)}`
        if (seen.has(key)) continue
        seen.add(key)
        issues.push({ message: messageOf(error), path })
      }
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        for (const name of Object.keys(value))
          if (readOnly.has(name))
            issues.push({
              message: 'is set by the server (readOnly); leave it out',
              path: [name],
            })
      if (issues.length > 0) return { issues }
      const whole =
        options.absent && isObject(value)
          ? { ...options.absent, ...value }
          : value
      return { value: renamed(whole, options.rename) }
    },
    // One schema both ways: a merge patch reads the input side for the members it may change.
    jsonSchema: { input: () => options.json, output: () => options.json },
  }
  return { '~standard': standard } as unknown as Schema
}

/** The value without the members the schema does not draw (the engine's own hidden ones). */
function ignored(value: unknown, ignore: readonly string[] | undefined) {
  if (!ignore || !isObject(value)) return value
  const out = { ...value }
  for (const name of ignore) delete out[name]
  return out
}

/** The value with its members named as the record names them. */
function renamed(
  value: unknown,
  rename: Readonly<Record<string, string>> | undefined,
) {
  if (!rename || !isObject(value)) return value
  const out: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(value))
    out[Object.hasOwn(rename, name) ? rename[name]! : name] = member
  return out
}
