import { readdirSync, watch, type FSWatcher } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'

const SOURCE = /\.(?:[cm]?[jt]sx?|json|ya?ml)$/
const SKIPPED = new Set(['node_modules', 'dist', 'coverage'])
/** Folders watched at most: a config beside a huge tree still starts quickly. */
const MAX_DIRS = 200
const MAX_DEPTH = 4
/** An editor's save is several events (write, rename, chmod): one reload for them all. */
const SETTLE_MS = 60

function foldersUnder(root: string): string[] {
  const found = [root]
  for (let i = 0; i < found.length && found.length < MAX_DIRS; i++) {
    const dir = found[i]!
    const depth = dir.slice(root.length).split(/[\\/]/).length - 1
    if (depth >= MAX_DEPTH) continue
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      continue
    }
    for (const entry of entries)
      if (
        entry.isDirectory() &&
        !entry.name.startsWith('.') &&
        !SKIPPED.has(entry.name) &&
        found.length < MAX_DIRS
      )
        found.push(join(dir, entry.name))
  }
  return found
}

/**
 * Calls `changed` (once per burst of events) when the config or a source file in its folder or the
 * folders below changes: what a declaration imports lives there. `node_modules`, hidden folders and
 * the data file are not watched.
 */
export function watchDeclaration(
  config: string,
  dataFile: string | undefined,
  changed: (file: string) => Promise<void> | void,
): { close(): void } {
  const root = dirname(resolve(config))
  const data = dataFile ? basename(dataFile) : undefined
  const watchers: FSWatcher[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let last = ''
  let running: Promise<void> = Promise.resolve()
  for (const dir of foldersUnder(root)) {
    try {
      watchers.push(
        watch(dir, (_event, name) => {
          if (!name || !SOURCE.test(name)) return
          if (data && name.startsWith(data)) return
          last = join(dir, name).slice(root.length + 1)
          clearTimeout(timer)
          timer = setTimeout(() => {
            running = running.then(() => changed(last))
          }, SETTLE_MS)
        }),
      )
    } catch {
      // A folder gone meanwhile is not watched.
    }
  }
  return {
    close() {
      clearTimeout(timer)
      for (const watcher of watchers) watcher.close()
    },
  }
}
