import { pascal } from '../openapi/schema-names.ts'

/** What GraphQL accepts as a name (the spec's `Name`). */
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/

/** `on-loan` → `ON_LOAN`, `inStock` → `IN_STOCK`: an enum value's GraphQL name. */
export function screamingSnake(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  const name = words.join('_').toUpperCase()
  if (name === '') return 'EMPTY'
  return /^[0-9]/.test(name) ? `_${name}` : name
}

/** `first-name` → `firstName`; a member already a GraphQL name keeps it. */
export function fieldName(member: string): string | null {
  if (NAME.test(member) && !member.startsWith('__')) return member
  const joined = pascal(member)
  if (joined === '') return null
  const name = joined[0]!.toLowerCase() + joined.slice(1)
  return NAME.test(name) ? name : `_${name}`
}

/** `plant` → `Plant`, `book loan` → `BookLoan`. */
export function typeName(singular: string): string {
  const name = pascal(singular)
  return NAME.test(name) ? name : `T${name}`
}

/** Names a schema holds once: a second wanted name gets a number. */
export function nameTaker(reserved: readonly string[]) {
  const taken = new Set(reserved)
  return (wanted: string) => {
    let name = wanted
    for (let n = 2; taken.has(name); n++) name = `${wanted}${n}`
    taken.add(name)
    return name
  }
}
