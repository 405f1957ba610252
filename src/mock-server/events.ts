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

  /** Whether anyone listens: an event nobody receives need not be built. */
  get listening() {
    return this.listeners.size > 0
  }

  subscribe(listener: MockListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(event: MockEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event)
      } catch (error) {
        this.report(error)
      }
    }
  }
}
