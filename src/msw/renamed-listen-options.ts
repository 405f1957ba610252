/** Options of msw 2's `listen()` that msw 3 renamed; msw 3 ignores the old names without a word. */
const renamed: Record<string, string> = {
  onUnhandledRequest: 'onUnhandledFrame',
}

/**
 * What to tell a user who gave msw 3's `listen()` an option by its msw 2 name, or `null` when
 * there is nothing to say (msw 2, or only msw 3 names).
 */
export function renamedListenOptions(
  options: unknown,
  mswVersion: string,
): string | null {
  const [major = 0] = mswVersion.split('.').map(Number)
  if (major < 3 || options === null || typeof options !== 'object') return null
  const old = Object.keys(options).filter((name) => name in renamed)
  if (old.length === 0) return null
  const given = options as Record<string, unknown>
  const fixed = old
    .map((name) => `${renamed[name]}: ${JSON.stringify(given[name]) ?? '…'}`)
    .join(', ')
  return `[hypermock] Failed to apply server.listen({ ${old.join(', ')} }): msw ${mswVersion} renamed ${old.length === 1 ? 'this msw 2 option' : 'these msw 2 options'} and ignores ${old.length === 1 ? 'it' : 'them'}, so requests no handler owns reach the network. Use server.listen({ ${fixed} }).`
}
