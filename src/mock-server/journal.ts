export interface JournalEntry {
  id: number
  /** ISO time on the mock clock when the request arrived. */
  time: string
  method: string
  path: string
  /** 0 when the caller got a network error (an injected fault, or a hang it gave up on). */
  status: number
  durationMs: number
  /** `"<rule id> <effect kind>"` when a fault rule fired, else null. */
  fault: string | null
  idempotencyKey: string | null
  replayed: boolean
}

/** The requests the API served, newest last, bounded so a long session cannot grow it forever. */
export class Journal {
  private entries: JournalEntry[] = []
  private counter = 0
  private readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  record(entry: Omit<JournalEntry, 'id'>): JournalEntry {
    const stored = { id: ++this.counter, ...entry }
    this.entries.push(stored)
    // Trimmed in batches (up to half the limit again) so a full journal is not shifted per request.
    if (this.entries.length >= this.limit * 1.5) {
      this.entries = this.entries.slice(-this.limit)
    }
    return stored
  }

  list(): JournalEntry[] {
    return this.entries.slice(-this.limit).map((entry) => ({ ...entry }))
  }

  clear() {
    this.entries = []
  }

  reset() {
    this.entries = []
    this.counter = 0
  }
}
