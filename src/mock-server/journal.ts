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

/**
 * An entry as kept: its time as the mock clock's number, turned into ISO text only when read (most
 * entries never are, and formatting a date costs more than the rest of the entry).
 */
export type JournalRecord = Omit<JournalEntry, 'time'> & { at: number }

/** The entry as callers see it, with its ISO time. */
export function journalEntry({ id, at, ...rest }: JournalRecord): JournalEntry {
  return { id, time: new Date(at).toISOString(), ...rest }
}

/** The requests the API served, newest last, bounded so a long session cannot grow it forever. */
export class Journal {
  private entries: JournalRecord[] = []
  private counter = 0
  private readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  record(entry: Omit<JournalRecord, 'id'>): JournalRecord {
    const stored = { id: ++this.counter, ...entry }
    this.entries.push(stored)
    // Trimmed in batches (up to half the limit again) so a full journal is not shifted per request.
    if (this.entries.length >= this.limit * 1.5) {
      this.entries = this.entries.slice(-this.limit)
    }
    return stored
  }

  list(): JournalEntry[] {
    return this.entries.slice(-this.limit).map(journalEntry)
  }

  clear() {
    this.entries = []
  }

  reset() {
    this.entries = []
    this.counter = 0
  }
}
