import type { InferredApi, InferredResource } from './infer-api.ts'
import {
  objectToZod,
  propertyKey,
  shapeToZod,
  type ObjectShape,
  type Shape,
} from './infer-schema.ts'

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A resource's variable name in the written file: `line-items` → `lineItems`. */
export function variableName(name: string): string {
  const camel = name.replace(/[-_.\s]+([a-z0-9])/gi, (_, c: string) =>
    c.toUpperCase(),
  )
  const safe = camel.replace(/[^\w$]/g, '')
  return IDENTIFIER.test(safe) && !RESERVED.has(safe)
    ? safe
    : `resource_${safe}`
}

const RESERVED = new Set([
  'default',
  'delete',
  'new',
  'class',
  'function',
  'import',
  'export',
  'z',
  'seed',
  'defineApi',
  'defineResource',
])

const json = (value: unknown) => JSON.stringify(value)

/**
 * One member's schema, the same in the record and in the bodies: the state's values, a closed set
 * shared across resources, an id, a reference to an integer id (positive, as ids are), or what its
 * samples showed.
 */
function memberZod(
  r: InferredResource,
  key: string,
  shape: Shape,
  integerIds: ReadonlySet<string>,
): string {
  const nullable = shape.nulls > 0 ? '.nullable()' : ''
  if (key === r.state?.field) return `z.enum(${json(r.state.values)})`
  const pooled = r.enums[key]
  if (pooled) return `z.enum(${json(pooled)})${nullable}`
  if (key === r.key.member)
    return r.idKind === 'integer'
      ? 'z.number().int().positive()'
      : r.idKind === 'uuid'
        ? 'z.uuid()'
        : 'z.string()'
  const relation = r.relations.find((rel) => rel.field === key)
  if (relation && integerIds.has(relation.to) && shape.strings === 0)
    return `z.number().int().positive()${nullable}`
  return shapeToZod(shape, '    ', false)
}

/**
 * A body member every recorded body had, but some records lack: optional in the body too, since
 * the backend stores records without it (every body sending it says how the client was used, not
 * what the backend requires).
 */
function optionalAsInRecord(
  r: InferredResource,
  body: ObjectShape,
  key: string,
  source: string,
): string {
  const inRecord = r.record.members.get(key)
  const inEveryBody = body.members.get(key)!.present === body.count
  return inRecord && inRecord.present < r.record.count && inEveryBody
    ? `${source}.optional()`
    : source
}

/**
 * The resource's `dialect.keys`, where it differs from ours: the member that keys it (`username`),
 * and how the mock makes a new key (`{ prefix: 'cus_' }`, a string, a UUID); `undefined` for an
 * `id` the mock can state as `id: 'uuid'` or leave as integers.
 */
function keysSource(r: InferredResource): string | undefined {
  const generate =
    r.key.prefix !== undefined
      ? `{ prefix: ${json(r.key.prefix)} }`
      : r.idKind === 'integer'
        ? undefined
        : json(r.idKind)
  if (r.key.member === 'id' && r.key.prefix === undefined) return undefined
  const parts = [
    ...(r.key.member !== 'id' ? [`member: ${json(r.key.member)}`] : []),
    ...(generate !== undefined ? [`generate: ${generate}`] : []),
  ]
  return `{ ${parts.join(', ')} }`
}

function resourceSource(
  r: InferredResource,
  seedName: string,
  integerIds: ReadonlySet<string>,
): string {
  const schemaName = `${variableName(r.name)}Schema`
  const lines: string[] = []
  const field = (text: string) => lines.push(`  ${text}`)
  const stateField = r.state?.field
  const schema = objectToZod(r.record, '', true, (key, shape) =>
    memberZod(r, key, shape, integerIds),
  )
  field(`schema: ${schemaName},`)
  const keys = keysSource(r)
  if (keys !== undefined) field(`dialect: { keys: ${keys} },`)
  else if (r.idKind !== 'integer') field(`id: ${json(r.idKind)},`)
  if (r.filters.length > 0) field(`filters: ${json(r.filters)},`)
  if (r.createInput === null) field('create: false,')
  else {
    const defaults = Object.keys(r.createDefaults).length > 0
    // A member's schema is the record's (read from every sample); the body says only which are sent.
    const input = objectToZod(r.createInput, '    ', true, (key) => {
      const member = r.record.members.get(key)
      if (key === stateField || !member) return undefined
      // A create names a value; null only where the record allows it and a body sent it.
      const sentNull = r.createInput!.members.get(key)!.shape.nulls > 0
      const source = memberZod(r, key, member.shape, integerIds)
      return optionalAsInRecord(
        r,
        r.createInput!,
        key,
        sentNull ? source : source.replace(/\.nullable\(\)$/, ''),
      )
    })
    field('create: {')
    field(`  input: ${input},`)
    if (defaults)
      field(
        `  // Members the backend set on create that no body gave, at the value it set most often.\n    prepare: () => (${json(r.createDefaults)}),`,
      )
    field('},')
  }
  // A merge patch is checked as a replace body: with no PUT seen, the replace is the default one.
  const replaceInput = r.replaceInput
  if (replaceInput === null) {
    if (!r.patch) field('replace: false,')
  } else if (replaceInput.count > 0) {
    const input = objectToZod(replaceInput, '    ', true, (key) => {
      const member = r.record.members.get(key)
      if (key === stateField || !member) return undefined
      const source = memberZod(r, key, member.shape, integerIds)
      // A replace may leave the version out; presence in fewer bodies already makes it optional.
      const always =
        replaceInput.members.get(key)!.present === replaceInput.count
      // A replace may leave the version out, and the key its path already names.
      return (key === 'version' || key === r.key.member) && always
        ? `${source}.optional()`
        : optionalAsInRecord(r, replaceInput, key, source)
    })
    field(`replace: { input: ${input} },`)
  }
  // An app that sent its PATCHes as plain JSON keeps doing so against the mock.
  const patchTypes = r.patchTypes.filter((t) =>
    [
      'application/json',
      'application/merge-patch+json',
      'application/json-patch+json',
    ].includes(t),
  )
  if (r.patch)
    field(
      patchTypes.some((t) => t !== 'application/merge-patch+json')
        ? `patch: { accepts: ${json([...new Set(['application/merge-patch+json', ...patchTypes])])} },`
        : 'patch: true,',
    )
  if (r.deleteStatus === null) field('delete: false,')
  const status: string[] = []
  if (r.createStatus !== null && r.createStatus !== 201)
    status.push(`create: ${r.createStatus}`)
  if (r.replaceStatus !== null && r.replaceStatus !== 200)
    status.push(`replace: ${r.replaceStatus}`)
  if (r.deleteStatus !== null && r.deleteStatus !== 204)
    status.push(`delete: ${r.deleteStatus}`)
  if (status.length > 0) field(`status: { ${status.join(', ')} },`)
  if (r.relations.length > 0) {
    field('relations: {')
    for (const rel of r.relations)
      field(
        `  ${propertyKey(rel.name)}: { field: ${json(rel.field)}, to: ${json(rel.to)}${rel.nested ? `, nested: ${json(r.name)}` : ''} },`,
      )
    field('},')
  }
  if (r.collections.length > 0) {
    field('collections: {')
    for (const nested of r.collections)
      field(
        `  ${propertyKey(nested.name)}: { of: ${json(nested.of)}, where: (row, parent) => ${nested.fields.map((f) => `row[${json(f)}] === parent[${json(r.key.member)}]`).join(' || ')} },`,
      )
    field('},')
  }
  if (r.state) {
    field('state: {')
    field(`  field: ${json(r.state.field)},`)
    field(`  initial: ${json(r.state.initial)},`)
    field('  transitions: {')
    for (const t of r.state.transitions)
      field(
        `    ${propertyKey(t.name)}: { from: ${json(t.from)}, to: ${json(t.to)}${t.path !== t.name ? `, path: ${json(t.path)}` : ''}${t.title !== undefined ? `, title: ${json(t.title)}` : ''} }, // seen ${t.samples} time(s)`,
      )
    field('  },')
    if (r.state.replaceIn)
      field(
        `  replaceIn: ${json(r.state.replaceIn)}, // a replace in another state was refused`,
      )
    if (r.state.deleteIn)
      field(
        `  deleteIn: ${json(r.state.deleteIn)}, // a delete in another state was refused`,
      )
    field('},')
  }
  if (r.list && r.list.envelope !== 'hypermock') {
    const list: string[] = [`envelope: ${json(r.list.envelope)}`]
    if (r.list.paging !== 'page') list.push(`paging: ${json(r.list.paging)}`)
    if (Object.keys(r.list.params).length > 0)
      list.push(`params: ${json(r.list.params)}`)
    if (r.list.defaultPerPage !== 20)
      list.push(`defaultPerPage: ${r.list.defaultPerPage}`)
    if (r.list.unpaged) list.push(`unpaged: ${json(r.list.unpaged)}`)
    field(`list: { ${list.join(', ')} },`)
  }
  if (!r.links) field('links: false,')
  field(
    `seed: ${seedName}[${json(r.name)}] as z.infer<typeof ${schemaName}>[],`,
  )
  return `const ${schemaName} = ${schema}\n\nconst ${variableName(r.name)} = defineResource({\n${lines.join('\n')}\n})`
}

function problemsSource(api: InferredApi): string {
  if (api.problems.length === 0) return ''
  const entries = api.problems.map(
    (p) =>
      `    ${propertyKey(p.slug)}: {\n      status: ${p.status},\n      title: ${json(p.title)},\n      summary: ${json(p.detail || p.title)},${p.members.length > 0 ? ` // seen with ${p.members.join(', ')}` : ''}\n    },`,
  )
  return `\n  problems: {\n${entries.join('\n')}\n  },`
}

/**
 * The recorded model as a declaration a person can read and edit: a TypeScript module with zod
 * schemas and `defineApi`, its seed rows in a JSON file beside it.
 */
export function writeDeclaration(
  api: InferredApi,
  seedFile: string,
): { source: string; seed: Record<string, unknown[]> } {
  const seedName = 'recordedSeed'
  const integerIds = new Set(
    api.resources.filter((r) => r.idKind === 'integer').map((r) => r.name),
  )
  const resources = api.resources.map((r) =>
    resourceSource(r, seedName, integerIds),
  )
  const names = api.resources.map((r) =>
    variableName(r.name) === r.name
      ? r.name
      : `${propertyKey(r.name)}: ${variableName(r.name)}`,
  )
  const source = `// A declaration recorded from ${api.origin} by \`hypermock-api record\`. Edit it freely: it is an
// ordinary hypermock declaration, and its seed rows are in ${seedFile}.
import { defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'
import ${seedName} from './${seedFile}' with { type: 'json' }

${resources.join('\n\n')}

export default defineApi({
  name: ${json(api.name)},${api.description !== undefined ? `\n  description: ${json(api.description)},` : ''}
  base: ${json(api.base)},
${api.auth === 'bearer' ? '' : `  auth: ${json(api.auth)},\n`}  resources: { ${names.join(', ')} },${problemsSource(api)}
})
`
  const seed = Object.fromEntries(api.resources.map((r) => [r.name, r.seed]))
  return { source, seed }
}
