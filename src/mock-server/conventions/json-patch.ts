/**
 * RFC 6902 JSON Patch: a list of operations (`add`, `remove`, `replace`, `move`, `copy`, `test`)
 * applied in order to a copy of the target. A patch that cannot apply names the operation that
 * failed and why, as a field error at `/<index>` of the body, so the 400/422 can list it.
 */
import type { FieldError } from '../validation/validate.ts'

type Json = unknown
type Container = Record<string, Json> | Json[]

const isContainer = (value: Json): value is Container =>
  typeof value === 'object' && value !== null

class PatchFailure extends Error {}

/** RFC 6901: `/a/b~1c` → ['a', 'b/c']. */
function parsePointer(pointer: unknown): string[] {
  if (
    typeof pointer !== 'string' ||
    (pointer !== '' && !pointer.startsWith('/'))
  )
    throw new PatchFailure('must be a JSON Pointer such as "/title"')
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
}

function arrayIndex(array: Json[], token: string, forAdd: boolean) {
  if (forAdd && token === '-') return array.length
  if (!/^(0|[1-9]\d*)$/.test(token))
    throw new PatchFailure(`"${token}" is not an array index`)
  const index = Number(token)
  if (index > array.length || (!forAdd && index === array.length))
    throw new PatchFailure(`index ${index} is past the end of the array`)
  return index
}

/** The container a pointer's last token is in, and that token. */
function parentOf(doc: Json, tokens: string[]): [Container, string] {
  let node = doc
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, token, false)]
    else if (isContainer(node) && Object.hasOwn(node, token))
      node = (node as Record<string, Json>)[token]
    else throw new PatchFailure(`the path does not exist (at "${token}")`)
  }
  if (!isContainer(node)) throw new PatchFailure('the path does not exist')
  return [node, tokens.at(-1)!]
}

function get(doc: Json, tokens: string[]): Json {
  if (tokens.length === 0) return doc
  const [parent, key] = parentOf(doc, tokens)
  if (Array.isArray(parent)) return parent[arrayIndex(parent, key, false)]
  if (!Object.hasOwn(parent, key))
    throw new PatchFailure(`the member "${key}" does not exist`)
  return parent[key]
}

function remove(doc: Json, tokens: string[]): Json {
  if (tokens.length === 0)
    throw new PatchFailure('cannot remove the whole record')
  const [parent, key] = parentOf(doc, tokens)
  if (Array.isArray(parent))
    return parent.splice(arrayIndex(parent, key, false), 1)[0]
  if (!Object.hasOwn(parent, key))
    throw new PatchFailure(`the member "${key}" does not exist`)
  const value = parent[key]
  delete parent[key]
  return value
}

function add(doc: Json, tokens: string[], value: Json): Json {
  if (tokens.length === 0) return value
  const [parent, key] = parentOf(doc, tokens)
  if (Array.isArray(parent))
    parent.splice(arrayIndex(parent, key, true), 0, value)
  else
    Object.defineProperty(parent, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return doc
}

const clone = (value: Json): Json =>
  value === undefined ? undefined : structuredClone(value)

function equal(a: Json, b: Json): boolean {
  if (a === b) return true
  if (Array.isArray(a))
    return (
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((v, i) => equal(v, b[i]))
    )
  if (!isContainer(a) || !isContainer(b) || Array.isArray(b)) return false
  const x = a as Record<string, Json>
  const keys = Object.keys(x)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && equal(x[k], b[k]))
  )
}

function applyOne(doc: Json, op: Record<string, Json>): Json {
  const path = parsePointer(op.path)
  switch (op.op) {
    case 'add':
      if (!('value' in op)) throw new PatchFailure('an add needs a value')
      return add(doc, path, clone(op.value))
    case 'remove':
      remove(doc, path)
      return doc
    case 'replace':
      if (!('value' in op)) throw new PatchFailure('a replace needs a value')
      if (path.length === 0) return clone(op.value)
      get(doc, path)
      remove(doc, path)
      return add(doc, path, clone(op.value))
    case 'move': {
      const from = parsePointer(op.from)
      if (path.length > from.length && from.every((t, i) => t === path[i]))
        throw new PatchFailure('cannot move a value into itself')
      return add(doc, path, remove(doc, from))
    }
    case 'copy':
      return add(doc, path, clone(get(doc, parsePointer(op.from))))
    case 'test':
      if (!equal(get(doc, path), op.value))
        throw new PatchFailure('the test failed: the value differs')
      return doc
    default:
      throw new PatchFailure(
        'op must be one of add, remove, replace, move, copy, test',
      )
  }
}

/**
 * The target with the patch applied, or the field error of the first operation that could not
 * apply (RFC 6902: a patch applies whole or not at all; the target is never changed).
 */
export function applyJsonPatch(
  target: Json,
  patch: unknown,
): { value: Json } | { error: FieldError } {
  if (!Array.isArray(patch))
    return {
      error: {
        field: '',
        message: 'a JSON Patch is an array of operations',
        pointer: '#',
      },
    }
  let doc = clone(target)
  for (const [i, op] of patch.entries()) {
    try {
      if (!isContainer(op) || Array.isArray(op))
        throw new PatchFailure('must be an operation object with op and path')
      doc = applyOne(doc, op)
    } catch (error) {
      if (!(error instanceof PatchFailure)) throw error
      return {
        error: {
          field: String(i),
          message: `${typeof (op as { op?: unknown })?.op === 'string' ? `${String((op as { op: string }).op)} ${String((op as { path?: unknown }).path)}: ` : ''}${error.message}`,
          pointer: `#/${i}`,
        },
      }
    }
  }
  return { value: doc }
}
