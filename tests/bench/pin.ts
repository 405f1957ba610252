import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

/**
 * The machine's cores, read once before anything is pinned: a pinned process's own
 * `availableParallelism()` counts only the cores it is pinned to, so `unpin` could not undo it.
 */
const CORES = availableParallelism()

/**
 * Pins a process, every thread of it, to some cores with util-linux's `taskset`, so that a server
 * and its load generator do not take turns on one core. False when it cannot (one core, no
 * taskset): the row then says it ran unpinned.
 */
export function pin(pid: number, cores: string): boolean {
  if (CORES < 2) return false
  try {
    execFileSync(
      'taskset',
      ['--all-tasks', '--cpu-list', '--pid', cores, String(pid)],
      {
        stdio: 'ignore',
      },
    )
    return true
  } catch {
    return false
  }
}

/** Every core again. */
export const unpin = (pid: number) => pin(pid, `0-${CORES - 1}`)
