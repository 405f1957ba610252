const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')

/**
 * The JSON pointer of each line of `JSON.stringify(value, null, 2)`: the validator's messages
 * quote lines of that rendering, never of the user's file, so a line there is turned back into
 * the place it stands for.
 */
export function renderedLinePointers(value: unknown): string[] {
  const lines: string[] = ['#']
  const walk = (node: unknown, pointer: string) => {
    if (typeof node !== 'object' || node === null) return
    const entries = Array.isArray(node)
      ? node.map((v, i) => [String(i), v] as const)
      : Object.entries(node).filter(
          ([, v]) => v !== undefined && typeof v !== 'function',
        )
    if (entries.length === 0) return
    for (const [key, child] of entries) {
      const at = `${pointer}/${escape(key)}`
      lines.push(at)
      const json = child instanceof Date ? undefined : child
      walk(json, at)
    }
    lines.push(pointer) // the closing bracket
  }
  walk(value, '#')
  return lines
}
