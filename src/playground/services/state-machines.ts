import { isObject } from '../../common/is-object.ts'
/** A resource's lifecycle as the description's `x-hypermock-states` carries it. */
export interface StateMachine {
  /** The representation's schema name, e.g. `Loan`. */
  name: string
  field: string
  initial: string | undefined
  states: readonly string[]
  transitions: readonly { rel: string; from: string; to: string }[]
}

type Json = Record<string, unknown>

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []

function machineOf(name: string, schema: Json): StateMachine | undefined {
  const extension = schema['x-hypermock-states']
  if (!isObject(extension) || typeof extension.field !== 'string') return
  const transitions = Object.entries(
    isObject(extension.transitions) ? extension.transitions : {},
  ).flatMap(([rel, transition]) =>
    isObject(transition) && typeof transition.to === 'string'
      ? strings(transition.from).map((from) => ({
          rel,
          from,
          to: transition.to as string,
        }))
      : [],
  )
  return {
    name,
    field: extension.field,
    initial:
      typeof extension.initial === 'string' ? extension.initial : undefined,
    states: strings(extension.states),
    transitions,
  }
}

/** `/api/loans/{id}` → a pattern matching `/api/loans/3` (and only one segment per parameter). */
function templatePattern(template: string) {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('[^/]+')}$`)
}

/**
 * The lifecycles of an OpenAPI description, keyed by the item paths they belong to: each GET whose
 * answer is a schema carrying `x-hypermock-states`. Any description, any API: nothing is named.
 */
export function readStateMachines(
  description: unknown,
): { pattern: RegExp; machine: StateMachine }[] {
  if (!isObject(description) || !isObject(description.paths)) return []
  const schemas = isObject(description.components)
    ? description.components.schemas
    : undefined
  if (!isObject(schemas)) return []
  const found: { pattern: RegExp; machine: StateMachine }[] = []
  for (const [template, item] of Object.entries(description.paths)) {
    if (!isObject(item) || !isObject(item.get)) continue
    const ok = isObject(item.get.responses) ? item.get.responses['200'] : null
    const content = isObject(ok) ? ok.content : null
    // JSON, or the `+json` type a resource answers in (`application/scim+json`).
    const json = isObject(content)
      ? Object.entries(content).find(
          ([t]) => t === 'application/json' || t.endsWith('+json'),
        )?.[1]
      : null
    const ref =
      isObject(json) && isObject(json.schema) ? json.schema.$ref : null
    if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/'))
      continue
    const name = ref.slice('#/components/schemas/'.length)
    const schema = schemas[name]
    const machine = isObject(schema) ? machineOf(name, schema) : undefined
    if (machine) found.push({ pattern: templatePattern(template), machine })
  }
  return found
}

/** The lifecycle of the resource at `path` (an item's self link), if its description has one. */
export function stateMachineFor(
  description: unknown,
  path: string,
): StateMachine | undefined {
  return readStateMachines(description).find(({ pattern }) =>
    pattern.test(path),
  )?.machine
}
