import { limits } from '../limits.ts'
import { fail } from '../problems/problem-error.ts'

export const FORM_TYPE = 'application/x-www-form-urlencoded'
export const MULTIPART_TYPE = 'multipart/form-data'

/** The highest list index a form field may name (`items[999][price]`): no sparse giant arrays. */
const MAX_INDEX = 999
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype'])

/** `items[0][price]` → `['items', 0, 'price']`; `tags[]` → `['tags', '']` (append). */
function keyPath(name: string): (string | number)[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name)
  if (!match) return undefined
  const path: (string | number)[] = [match[1]!]
  for (const [, part] of match[2]!.matchAll(/\[([^[\]]*)\]/g))
    path.push(/^\d+$/.test(part!) ? Number(part) : part!)
  return path
}

/** Sets one field in the object a form builds, nesting by its brackets. */
function put(
  target: Record<string, unknown>,
  name: string,
  value: string,
): void {
  const path = keyPath(name) ?? [name]
  if (path.length > limits.jsonDepth)
    fail('invalid-json', {
      detail: `The form field "${name}" nests more than ${limits.jsonDepth} levels deep, the limit.`,
      extensions: { maxDepth: limits.jsonDepth },
    })
  let node: Record<string, unknown> | unknown[] = target
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!
    if (typeof key === 'string' && UNSAFE.has(key))
      fail('invalid-json', {
        detail: `The form field "${name}" names "${key}", which no body may use.`,
      })
    if (typeof key === 'number' && key > MAX_INDEX)
      fail('invalid-json', {
        detail: `The form field "${name}" names index ${key}; the highest is ${MAX_INDEX}.`,
      })
    const last = i === path.length - 1
    const next = path[i + 1]
    const container = () => (next === '' || typeof next === 'number' ? [] : {})
    if (Array.isArray(node)) {
      const index = key === '' ? node.length : Number(key)
      if (!Number.isInteger(index) || index > MAX_INDEX)
        fail('invalid-json', {
          detail: `The form field "${name}" mixes list and object members.`,
        })
      if (last) node[index] = value
      else node = (node[index] ??= container()) as typeof node
    } else {
      const member = String(key)
      if (last) node[member] = value
      else {
        const existing = node[member]
        node = (
          existing !== null && typeof existing === 'object'
            ? existing
            : (node[member] = container())
        ) as typeof node
      }
    }
  }
}

/**
 * A form body (`application/x-www-form-urlencoded` or `multipart/form-data`) as an object of
 * strings, nested by brackets (`metadata[plan]=pro`, `items[0][price]=p_1`, `expand[]=customer`),
 * as Stripe's and OpenAI's clients send them. A file part gives its file name: the mock keeps no
 * uploads.
 */
export async function readFormBody(
  contentType: string,
  bytes: Uint8Array,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  if (contentType.split(';')[0]!.trim().toLowerCase() === FORM_TYPE) {
    const text = new TextDecoder().decode(bytes)
    for (const [name, value] of new URLSearchParams(text)) put(out, name, value)
    return out
  }
  let form: FormData
  try {
    form = await new Response(bytes as BodyInit, {
      headers: { 'Content-Type': contentType },
    }).formData()
  } catch {
    fail('invalid-json', {
      detail:
        'The request body is not valid multipart/form-data: its parts could not be read (is the boundary right?).',
    })
  }
  for (const [name, value] of form)
    put(out, name, typeof value === 'string' ? value : value.name || 'upload')
  return out
}
