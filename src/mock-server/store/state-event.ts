import { limits } from '../limits.ts'

/** How many events a store keeps: the last ones, older ones leave as new ones come. */
export const MAX_STORED_EVENTS: number = limits.events

/**
 * A CloudEvents 1.0 event in its structured JSON form, as hypermock emits one for each change of a
 * record: `<collection>.created`, `.updated`, `.deleted`, or `.<action>` for a state action.
 */
export interface CloudEventJson {
  specversion: '1.0'
  /** Unique for each event of this source. */
  id: string
  /** The API's base URL. */
  source: string
  /** `<collection>.<created|updated|deleted|action>`: `plants.created`, `plants.harvest`. */
  type: string
  /** When the change was made, by the mock clock (RFC 3339). */
  time: string
  /** The record's self path: `/plants/3` for an API at the root, `/api/plants/3` under `/api`. */
  subject: string
  datacontenttype: 'application/json'
  /** The record as the API shows it: after the change, or before it for a delete. */
  data: Record<string, unknown>
}

/**
 * One event as the mock keeps it: its place in the log (the `id:` of Server-Sent Events, which
 * `Last-Event-ID` names), the owners of its record (who may read it), and the event itself.
 */
export interface StoredEvent {
  /** 1, 2, 3…: one number per event, increasing across every replica of a shared store. */
  seq: number
  /** The owner keys of the record (a token that owns one sees it); `null`: every reader sees it. */
  owners: (string | number)[] | null
  event: CloudEventJson
}
