import type { JournalEntry } from './journal.ts'

/** What changed in a mock, as `api.subscribe` tells its listeners: a request answered, or a part of its state. */
export type MockEvent =
  | { type: 'request'; entry: JournalEntry }
  | { type: 'state' }
  | { type: 'faults' }
  | { type: 'journal' }
  | { type: 'config' }
  | { type: 'clock' }
  | { type: 'reset' }

/** A function `api.subscribe` calls on each change of the mock. */
export type MockListener = (event: MockEvent) => void

/** Change notifications for whoever mirrors the mock (the playground's views, browser persistence). */
export class MockEvents {
  private listeners = new Set<MockListener>()
  private readonly report: (error: unknown) => void

  /** A listener that throws is reported, never allowed to change an answer already decided. */
  constructor(report: (error: unknown) => void) {
    this.report = report
  }

  /**
   * Changes so far, counted whether or not anyone listens: `all` of them, and those to the rows
   * (`state` and `reset`). A page that mirrors a server over HTTP asks for these (`GET
   * /__mock/changes`) and pulls a part again only when it changed.
   */
  readonly counts = { all: 0, state: 0 }
  /** Which instance counted: a server started again counts from zero under another name. */
  readonly instance = Date.now().toString(36)

  /** Whether anyone listens: an event nobody receives need not be built. */
  get listening() {
    return this.listeners.size > 0
  }

  /** Counts a change whose event is not built, as no one listens. */
  changed(type: MockEvent['type']) {
    this.counts.all += 1
    if (type === 'state' || type === 'reset') this.counts.state += 1
  }

  subscribe(listener: MockListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(event: MockEvent) {
    this.changed(event.type)
    for (const listener of this.listeners) {
      try {
        listener(event)
      } catch (error) {
        this.report(error)
      }
    }
  }
}
