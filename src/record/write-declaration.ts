import type { InferredApi, InferredResource } from './infer-api.ts'
import { objectToZod, propertyKey, shapeToZod } from './infer-schema.ts'

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

function resourceSource(r: InferredResource, seedName: string): string {
  const schemaName = `${variableName(r.name)}Schema`
  const lines: string[] = []
  const field = (text: string) => lines.push(`  ${text}`)
  const stateField = r.state?.field
  const schema = objectToZod(r.record, '', true, (key, shape) => {
    if (key === stateField) return `z.enum(${json(r.state!.values)})`
    if (key === 'id')
      return r.idKind === 'integer'
        ? 'z.number().int()'
        : r.idKind === 'uuid'
          ? 'z.uuid()'
          : 'z.string()'
    void shape
    return undefined
  })
  field(`schema: ${schemaName},`)
  if (r.idKind !== 'integer') field(`id: ${json(r.idKind)},`)
  if (r.filters.length > 0) field(`filters: ${json(r.filters)},`)
  if (r.createInput === null) field('create: false,')
  else {
    const defaults = Object.keys(r.createDefaults).length > 0
    // A member's schema is the record's (read from every sample); the body says only which are sent.
    const input = objectToZod(r.createInput, '    ', true, (key) => {
      const member = r.record.members.get(key)
      if (key === stateField || !member) return undefined
      return shapeToZod(member.shape, '    ', false).replace(
        /\.nullable\(\)$/,
        '',
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
  if (r.replaceStatus === null) field('replace: false,')
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
  if (r.state) {
    field('state: {')
    field(`  field: ${json(r.state.field)},`)
    field(`  initial: ${json(r.state.initial)},`)
    field('  transitions: {')
    for (const t of r.state.transitions)
      field(
        `    ${propertyKey(t.name)}: { from: ${json(t.from)}, to: ${json(t.to)} }, // seen ${t.samples} time(s)`,
      )
    field('  },')
    field('},')
  }
  if (r.list && r.list.envelope !== 'hypermock') {
    const list: string[] = [`envelope: ${json(r.list.envelope)}`]
    if (r.list.paging !== 'page') list.push(`paging: ${json(r.list.paging)}`)
    if (Object.keys(r.list.params).length > 0)
      list.push(`params: ${json(r.list.params)}`)
    if (r.list.defaultPerPage !== 20)
      list.push(`defaultPerPage: ${r.list.defaultPerPage}`)
    field(`list: { ${list.join(', ')} },`)
  }
  if (!r.links) field('links: false,')
  field(
    `seed: ${seedName}[${json(r.name)}] as z.infer<typeof ${schemaName}>[],`,
  )
  return `const ${schemaName} = ${schema}\n\nconst ${variableName(r.name)} = defineResource({\n${lines.join('\n')}\n})`
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
  const resources = api.resources.map((r) => resourceSource(r, seedName))
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
  name: ${json(api.name)},
  base: ${json(api.base)},
${api.auth === false ? '  auth: false,\n' : ''}  resources: { ${names.join(', ')} },
})
`
  const seed = Object.fromEntries(api.resources.map((r) => [r.name, r.seed]))
  return { source, seed }
}
