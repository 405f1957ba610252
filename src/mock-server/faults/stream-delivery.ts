import { limits } from '../limits.ts'
import type { StoredEvent } from '../store/state-event.ts'
import type { EventFault } from './fault-rule.ts'

/**
 * How long a `reorder`ed event waits for the next one (mock clock) before it goes anyway: a
 * stream that goes quiet still gets it.
 */
export const REORDER_WAIT_MS = 1_000

/** What a stream's delivery needs: the mock clock, and how to send and to hang up. */
export interface StreamDeliveryHost {
  now(): number
  /** Sends one event to the consumer. */
  send(stored: StoredEvent): void
  /**
   * Closes the connection: before the event a `disconnect` fault chose, or (`null`) because the
   * consumer fell too far behind.
   */
  disconnect(fault: EventFault | null): void
}

interface Queued {
  stored: StoredEvent
  dueAt: number
}

/**
 * One stream's live events on their way out (Server-Sent Events or a WebSocket), with the events
 * faults applied: `duplicate` sends an event twice, `drop` skips it (it stays in the log, so a
 * consumer that resumes from before it gets it), `delay` holds it and those behind it until the
 * mock clock reaches its time, `reorder` sends it after the next one, `disconnect` hangs up
 * before it. Without a fault an event goes at once, unless one held before it is still waiting:
 * the order of the log is kept except where a fault changes it.
 */
export class StreamDelivery {
  private readonly host: StreamDeliveryHost
  private queue: Queued[] = []
  private held: Queued | null = null
  private timer: ReturnType<typeof setTimeout> | undefined
  private closed = false

  constructor(host: StreamDeliveryHost) {
    this.host = host
  }

  /** A live event for this consumer (filters passed), with the fault that fired for it, if any. */
  deliver(stored: StoredEvent, fault?: EventFault) {
    if (this.closed) return
    const now = this.host.now()
    switch (fault?.effect.kind) {
      case 'drop':
        return
      case 'disconnect':
        this.close()
        this.host.disconnect(fault)
        return
      case 'reorder':
        if (this.held) this.queue.push(this.held)
        this.held = { stored, dueAt: now + REORDER_WAIT_MS }
        this.pump()
        return
      case 'duplicate':
        this.queue.push({ stored, dueAt: now }, { stored, dueAt: now })
        break
      case 'delay':
        this.queue.push({ stored, dueAt: now + fault.effect.ms })
        break
      default:
        this.queue.push({ stored, dueAt: now })
    }
    // The event a reorder held goes right after this one.
    if (this.held) {
      this.queue.push({ ...this.held, dueAt: now })
      this.held = null
    }
    // A consumer that stays behind a long delay is cut off: it resumes with Last-Event-ID.
    if (this.queue.length > limits.events) {
      this.close()
      this.host.disconnect(null)
      return
    }
    this.pump()
  }

  /** The mock clock moved (advanced by hand, or time passed): what came due goes. */
  clockMoved() {
    this.pump()
  }

  close() {
    this.closed = true
    this.queue = []
    this.held = null
    clearTimeout(this.timer)
  }

  private pump() {
    if (this.closed) return
    const now = this.host.now()
    while (this.queue.length > 0 && this.queue[0]!.dueAt <= now) {
      this.host.send(this.queue.shift()!.stored)
      if (this.closed) return
    }
    if (this.held && this.held.dueAt <= now) {
      this.queue.push(this.held)
      this.held = null
      this.pump()
      return
    }
    clearTimeout(this.timer)
    const next = Math.min(
      this.queue[0]?.dueAt ?? Infinity,
      this.held?.dueAt ?? Infinity,
    )
    if (next === Infinity) return
    this.timer = setTimeout(() => this.pump(), Math.max(0, next - now))
    ;(this.timer as { unref?: () => void }).unref?.()
  }
}
