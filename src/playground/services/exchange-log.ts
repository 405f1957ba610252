import type { JournalEntry, MockApi } from '../../index.ts'

/** What went over the wire for one journal entry: the request and the answer, headers and bodies. */
export interface Exchange {
  readonly requestHeaders: readonly (readonly [string, string])[]
  readonly requestBody: string
  /** Null when the caller got no response (a network error, a hang, a lost response). */
  readonly responseHeaders: readonly (readonly [string, string])[] | null
  readonly responseBody: string | null
}

const LIMIT = 500

/** `Bearer my-token` → `Bearer ••••••••`: the journal shows that a credential went, not which. */
export function redact(name: string, value: string): string {
  if (name.toLowerCase() !== 'authorization') return value
  const [scheme = '', ...rest] = value.split(' ')
  return rest.length === 0 ? '••••••••' : `${scheme} ••••••••`
}

/**
 * The headers and bodies of every request the in-page mock answers, by journal entry. The journal
 * keeps only a summary; the playground wraps the instance's `fetch` (which msw's handlers call) and
 * pairs each exchange with the entry the mock journalled while answering it.
 */
export class ExchangeLog {
  private readonly byEntry = new Map<number, Exchange>()

  /** Starts recording `api`'s exchanges (forgetting those of an instance attached before). */
  attach(api: MockApi): void {
    this.byEntry.clear()
    const answer = api.fetch.bind(api)
    api.fetch = async (request: Request) => {
      const sent = request.clone()
      const path = new URL(request.url).pathname
      const journalled: JournalEntry[] = []
      const stop = api.subscribe((event) => {
        if (
          event.type === 'request' &&
          event.entry.method === request.method.toUpperCase() &&
          event.entry.path.split('?')[0] === path
        )
          journalled.push(event.entry)
      })
      let response: Response
      try {
        response = await answer(request)
      } finally {
        stop()
      }
      const entry = journalled.find((e) => !this.byEntry.has(e.id))
      if (entry) void this.record(entry.id, sent, response.clone())
      return response
    }
  }

  get(entryId: number): Exchange | undefined {
    return this.byEntry.get(entryId)
  }

  private async record(id: number, request: Request, response: Response) {
    const noResponse = response.type === 'error'
    // An event stream goes on as long as its reader reads: its copy would never end, and would
    // hold every event the reader takes. Its headers are kept, its body is not read.
    const stream = (response.headers.get('Content-Type') ?? '').startsWith(
      'text/event-stream',
    )
    if (stream) void response.body?.cancel()
    this.byEntry.set(id, {
      requestHeaders: [...request.headers],
      requestBody: await request.text().catch(() => ''),
      responseHeaders: noResponse ? null : [...response.headers],
      responseBody: noResponse
        ? null
        : stream
          ? '(an event stream: its events are not kept here)'
          : await response.text().catch(() => ''),
    })
    if (this.byEntry.size > LIMIT) {
      const oldest = this.byEntry.keys().next().value
      if (oldest !== undefined) this.byEntry.delete(oldest)
    }
  }
}

/** One per page, like the mock behind the worker. */
export const exchangeLog = new ExchangeLog()
