import type { ApiModel } from '../model/compiled-api.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'

/** `insufficient-funds` → `InsufficientFunds`, `book loans` → `BookLoans`. */
export function pascal(text: string) {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
}

/** `return` + `loan` → `returnLoan`: an operationId from words. */
export function camel(...words: string[]) {
  const joined = pascal(words.join(' '))
  return joined[0]!.toLowerCase() + joined.slice(1)
}

export const lowerFirst = (text: string) =>
  text.charAt(0).toLowerCase() + text.slice(1)

/** `a book`, `an order`. */
export const withArticle = (word: string) =>
  `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`

export const schemaRef = (name: string) => ({
  $ref: `#/components/schemas/${name}`,
})

const problemNames = new Map<string, string>()

/** `insufficient-funds` → `InsufficientFundsProblem` (asked for each answer of each endpoint). */
export function problemSchemaName(slug: string) {
  let name = problemNames.get(slug)
  if (name === undefined)
    problemNames.set(slug, (name = `${pascal(slug)}Problem`))
  return name
}

/** The component names of one resource's schemas. */
export interface ResourceNames {
  /** The representation: one schema, or the union of its states' variants. */
  item: string
  /** One variant per state of the state field, by state value. */
  states: Map<unknown, string>
  collection: string
  create: string
  replace: string
  /** The body of a JSON Merge Patch, where the resource takes one. */
  patch: string
  /** The body of each action that takes one. */
  actions: Map<string, string>
}

/** Names the description's own schemas take; a resource's never shadow them. */
const RESERVED = [
  'Root',
  'Link',
  'ActionLink',
  'PageLinks',
  'EmptyAction',
  'Problem',
  'OpenApiDocument',
]

/**
 * Component names for every resource, unique across the description: `Book`, `BookCollection`,
 * `BookCreate`, `BookReplace`, `ActiveLoan` (a state), `RenewLoanInput` (an action's body). A name
 * taken already gets a number.
 */
export function resourceNames(
  api: ApiModel,
): ReadonlyMap<string, ResourceNames> {
  const taken = new Set([
    ...RESERVED,
    ...[...api.problems.keys()].map(problemSchemaName),
  ])
  const take = (wanted: string) => {
    let name = wanted || 'Resource'
    for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`
    taken.add(name)
    return name
  }
  const names = new Map<string, ResourceNames>()
  for (const resource of api.resources.values()) {
    const item = take(pascal(resource.singular))
    names.set(resource.name, {
      item,
      states: new Map(
        statesOf(resource).map((state, index) => [
          state,
          take(
            typeof state === 'string' && pascal(state)
              ? `${pascal(state)}${item}`
              : `${item}State${index + 1}`,
          ),
        ]),
      ),
      collection: take(`${item}Collection`),
      create: take(`${item}Create`),
      replace: take(`${item}Replace`),
      patch: resource.patch ? take(`${item}MergePatch`) : '',
      actions: new Map(
        (resource.state?.transitions ?? [])
          .filter((t) => t.input)
          .map((t) => [t.name, take(`${pascal(t.name)}${item}Input`)]),
      ),
    })
  }
  return names
}

/**
 * The values the state field may hold, where its schema closes them (an `enum` or a `const`): each
 * gets a variant of the representation with exactly the action links that state offers. Without
 * them (a free string), the representation lists every action link as optional.
 */
export function statesOf(resource: CompiledResource): unknown[] {
  const state = resource.state
  if (!state) return []
  const properties = (resource.json.properties ?? {}) as Record<
    string,
    { enum?: unknown; const?: unknown }
  >
  const field = properties[state.field]
  if (Array.isArray(field?.enum)) return [...(field.enum as unknown[])]
  if (field && 'const' in field) return [field.const]
  return []
}

export const escapeRegExp = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
