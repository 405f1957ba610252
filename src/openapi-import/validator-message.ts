import { isObject, type Json } from './schema-view.ts'

/** A JSON pointer the validator names in its message (`at "/paths/~1pets/get"`). */
export function pointerIn(message: string) {
  const match = /(?:at|in) "?(#?\/[^"\s]*)"?/.exec(message)
  return match
    ? match[1]!.startsWith('#')
      ? match[1]
      : `#${match[1]}`
    : undefined
}

const unescape = (part: string) =>
  part.replaceAll('~1', '/').replaceAll('~0', '~')

/**
 * A pointer into the dereferenced document as a pointer into the one the user wrote: each
 * `$ref` met on the way is followed to the place it names (`#/components/schemas/Pet/type`).
 */
export function throughReferences(document: Json, pointer: string): string {
  let written = '#'
  let node: unknown = document
  for (const part of pointer.split('/').slice(1)) {
    for (
      let depth = 0;
      depth < 32 &&
      isObject(node) &&
      typeof node.$ref === 'string' &&
      part !== '$ref';
      depth++
    ) {
      const ref = node.$ref
      if (!ref.startsWith('#')) break
      written = ref
      node = ref
        .split('/')
        .slice(1)
        .reduce<unknown>(
          (at, key) => (isObject(at) ? at[unescape(key)] : undefined),
          document,
        )
    }
    written = `${written}/${part}`
    node =
      isObject(node) || Array.isArray(node)
        ? (node as Json)[unescape(part)]
        : undefined
  }
  return written
}

/**
 * A validator message without the excerpt it quotes from its own JSON rendering of the document
 * (whose line numbers are not the file's), and the pointer, in the document as written, of the
 * line it marks there. `lines` is that rendering's pointer per line.
 */
export function fromValidator(
  message: string,
  lines: string[],
  document: Json,
) {
  const frame = message.indexOf('\n\n')
  if (frame === -1)
    return { message: message.trim(), pointer: pointerIn(message) }
  const head = message.slice(0, frame).trim()
  const excerpt = message.slice(frame)
  const marked = /^>\s*(\d+)\s*\|/m.exec(excerpt)
  const note = /^\s*\|\s*\^+\s*(.*)$/m.exec(excerpt)?.[1]?.trim()
  const rendered = marked ? lines[Number(marked[1]) - 1] : undefined
  const pointer = rendered
    ? throughReferences(document, rendered)
    : pointerIn(message)
  const text =
    note && note.toLowerCase() !== head.toLowerCase()
      ? `${head}: ${note}`
      : head
  return { message: text, pointer }
}
