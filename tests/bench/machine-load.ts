import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'

/**
 * How busy the machine was while a row ran, apart from the bench itself: a verdict on a change of
 * 10% in CPU per request means nothing when other processes compete for the cores (their cache and
 * memory traffic slow the measured server too) or when the hypervisor steals time.
 */
export interface MachineLoad {
  /** Other processes' CPU time over the interval, in cores (0.5: half a core on average). */
  othersCores: number
  /** Time the hypervisor took from this machine, as a share of all CPU time. */
  stealShare: number
  /** The 1-minute load average at the end. */
  loadAverage: number
}

/** At most this much CPU of others, in cores, and this much steal, for a verdict to count. */
export const QUIET = { othersCores: 0.25, stealShare: 0.02 } as const

interface Ticks {
  busy: number
  steal: number
  total: number
}

/** `/proc/stat`'s first line (every core, in clock ticks); null where there is none (not Linux). */
function ticks(): Ticks | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) as number[]
    const busy = user! + nice! + system! + irq! + softirq!
    return { busy, steal: steal!, total: busy + idle! + iowait! + steal! }
  } catch {
    return null
  }
}

/** Clock ticks per second in /proc/stat (USER_HZ): 100 on every Linux the bench runs on. */
const USER_HZ = 100

/**
 * Starts watching; `stop(ownCpuMs)` takes the CPU time the bench's own processes used meanwhile
 * (this one, the servers it measures) and answers what the rest of the machine used. Null when the
 * machine does not say (no /proc/stat).
 */
export function watchLoad() {
  const start = ticks()
  const startedAt = performance.now()
  return {
    stop(ownCpuMs: number): MachineLoad | null {
      const end = ticks()
      if (start === null || end === null) return null
      const seconds = (performance.now() - startedAt) / 1000
      const busyMs = ((end.busy - start.busy) / USER_HZ) * 1000
      const total = end.total - start.total
      return {
        othersCores: Math.max(0, busyMs - ownCpuMs) / 1000 / seconds,
        stealShare: total > 0 ? (end.steal - start.steal) / total : 0,
        loadAverage: loadavg()[0]!,
      }
    },
  }
}

/** Why the machine was too busy to judge, or null when it was quiet enough. */
export function tooBusy(load: MachineLoad | null): string | null {
  if (load === null)
    return 'the machine does not report its load (no /proc/stat)'
  const reasons = []
  if (load.othersCores > QUIET.othersCores)
    reasons.push(
      `other processes used ${load.othersCores.toFixed(2)} of ${availableParallelism()} cores (at most ${QUIET.othersCores})`,
    )
  if (load.stealShare > QUIET.stealShare)
    reasons.push(
      `steal ${(load.stealShare * 100).toFixed(1)}% (at most ${QUIET.stealShare * 100}%)`,
    )
  return reasons.length === 0 ? null : reasons.join(', ')
}

export const describeLoad = (load: MachineLoad | null) =>
  load === null
    ? 'load unknown'
    : `others ${load.othersCores.toFixed(2)} cores, steal ${(load.stealShare * 100).toFixed(1)}%, load average ${load.loadAverage.toFixed(2)}`
