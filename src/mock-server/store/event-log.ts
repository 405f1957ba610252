import type { EventFault } from '../faults/fault-rule.ts'
import { limits } from '../limits.ts'
import type { StoredEvent } from './state-event.ts'

/**
 * Told of each event once it is committed: an `/events` stream, a webhook endpoint, a replica's
 * listener; with the events fault that fired for its delivery, if one did.
 */
export type EventLogListener = (event: StoredEvent, fault?: EventFault) => void

/**
 * The state events of one mock, oldest first, bounded: the last `limits.events` events (and at
 * most `limits.eventBytes` of their JSON) are kept, older ones are forgotten. Events are appended
 * as the operation that made them ends, and announced to listeners once that operation's writes
 * are committed (`announce()`), so that nobody hears of a change the store does not hold.
 */
export class EventLog {
  private events: { stored: StoredEvent; bytes: number }[] = []
  private bytes = 0
  private announced = 0
  private lastSeq = 0
  private readonly listeners = new Set<EventLogListener>()
  private readonly report: (error: unknown) => void
  private readonly max: number
  /**
   * Asked once for each event announced while someone listens: the events fault that fires for
   * its delivery (`target: "events"`), which every listener then applies to its own consumer.
   */
  faultOf: (() => EventFault | undefined) | null = null

  constructor(
    report: (error: unknown) => void = () => {},
    max: number = limits.events,
  ) {
    this.report = report
    this.max = max
  }

  /** The number of the last event appended (0: none yet). */
  get last(): number {
    return this.lastSeq
  }

  /** The number the oldest event kept has (`last + 1` when none is kept). */
  get first(): number {
    return this.events[0]?.stored.seq ?? this.lastSeq + 1
  }

  /** The number of the last event listeners were told of: committed. */
  get announcedSeq(): number {
    return this.announced
  }

  get listening(): boolean {
    return this.listeners.size > 0
  }

  get size(): number {
    return this.events.length
  }

  /** Adds events made here or by another replica (numbered already), oldest first. */
  append(events: readonly StoredEvent[]) {
    for (const stored of events) {
      if (stored.seq <= this.lastSeq) continue // seen already (a replica's own commit)
      const bytes = JSON.stringify(stored.event).length
      this.events.push({ stored, bytes })
      this.bytes += bytes
      this.lastSeq = stored.seq
    }
    this.trim()
  }

  /** Starts again from what a store kept: the log's tail, its numbers going on from there. */
  load(events: readonly StoredEvent[]) {
    this.events = []
    this.bytes = 0
    this.append(events)
    this.announced = this.lastSeq
  }

  /** The events after `seq`, oldest first (those still kept). */
  after(seq: number): StoredEvent[] {
    const out: StoredEvent[] = []
    for (let i = this.events.length - 1; i >= 0; i--) {
      const stored = this.events[i]!.stored
      if (stored.seq <= seq) break
      out.push(stored)
    }
    return out.reverse()
  }

  /** Every event kept, oldest first. */
  all(): StoredEvent[] {
    return this.events.map((e) => e.stored)
  }

  subscribe(listener: EventLogListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Tells listeners of every event appended since the last call: the writes are committed. */
  announce() {
    if (this.announced >= this.lastSeq) return
    const fresh = this.after(this.announced)
    this.announced = this.lastSeq
    for (const stored of fresh) {
      const fault = this.listeners.size > 0 ? this.faultOf?.() : undefined
      for (const listener of [...this.listeners]) {
        try {
          listener(stored, fault)
        } catch (error) {
          this.report(error)
        }
      }
    }
  }

  private trim() {
    let drop = 0
    while (
      this.events.length - drop > this.max ||
      (this.bytes > limits.eventBytes && drop < this.events.length - 1)
    ) {
      this.bytes -= this.events[drop]!.bytes
      drop += 1
    }
    if (drop > 0) this.events.splice(0, drop)
  }
}
