import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

/**
 * Pins a process, every thread of it, to some cores with util-linux's `taskset`, so that a server
 * and its load generator do not take turns on one core. False when it cannot (one core, no
 * taskset): the row then says it ran unpinned.
 */
export function pin(pid: number, cores: string): boolean {
  if (availableParallelism() < 2) return false
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
export const unpin = (pid: number) =>
  pin(pid, `0-${availableParallelism() - 1}`)
