import { limits } from '../limits.ts'

/** Which consumer rule a delivery verdict is about (concepts/resources.md#delivery-verdicts). */
export type DeliveryVerdictId =
  | 'processed-twice'
  | 'reconnected-without-last-event-id'
  | 'accepted-bad-signature'

/** How an event reached its consumer. */
export type DeliveryChannel = 'sse' | 'websocket' | 'webhook'

/**
 * A finding about a consumer of the state events, after an events fault put it to the test: it
 * took a duplicate as new, reconnected without saying what it had, or took an unsigned delivery.
 */
export interface DeliveryVerdict {
  id: DeliveryVerdictId
  level: 'violation'
  channel: DeliveryChannel
  /** The webhook endpoint's id (`wh_1`), or the principal of a stream (`admin`, `anonymous`). */
  consumer: string
  /** The events fault that set the test (`fault-3`). */
  fault: string
  /** The CloudEvent's `id` it is about, when one event is. */
  eventId: string | null
  /** When it was seen, by the mock clock. */
  at: string
  message: string
}

interface Disconnected {
  channel: DeliveryChannel
  fault: string
}

/**
 * The consumers' verdicts of one mock, the last `limits.deliveryVerdicts`, and the streams an
 * events fault closed, waiting for their consumer to come back.
 */
export class DeliveryVerdicts {
  private list: DeliveryVerdict[] = []
  private readonly waiting = new Map<string, Disconnected>()
  private readonly now: () => string

  constructor(now: () => string) {
    this.now = now
  }

  /** Every verdict, oldest first. */
  all(): DeliveryVerdict[] {
    return this.list.map((verdict) => ({ ...verdict }))
  }

  add(verdict: Omit<DeliveryVerdict, 'level' | 'at'>) {
    this.list.push({ ...verdict, level: 'violation', at: this.now() })
    if (this.list.length > limits.deliveryVerdicts) this.list.shift()
  }

  /** A `disconnect` fault closed a stream of `consumer`: its next stream tells how it came back. */
  disconnected(consumer: string, channel: DeliveryChannel, fault: string) {
    this.waiting.delete(consumer)
    this.waiting.set(consumer, { channel, fault })
    // One entry per principal; past the bound the oldest is forgotten unjudged.
    if (this.waiting.size > limits.eventStreams)
      this.waiting.delete(this.waiting.keys().next().value!)
  }

  /** `consumer` opened a stream, saying where it stopped (`resumed`) or not. */
  opened(consumer: string, channel: DeliveryChannel, resumed: boolean) {
    const waiting = this.waiting.get(consumer)
    if (!waiting) return
    this.waiting.delete(consumer)
    if (resumed) return
    const how =
      channel === 'websocket'
        ? 'without ?last_event_id= nor a resume message'
        : 'without Last-Event-ID'
    this.add({
      id: 'reconnected-without-last-event-id',
      channel,
      consumer,
      fault: waiting.fault,
      eventId: null,
      message: `After ${waiting.fault} closed its ${waiting.channel === 'websocket' ? 'WebSocket' : 'event stream'}, ${consumer} opened a new one ${how}: the events made meanwhile never reach it.`,
    })
  }

  clear() {
    this.list = []
    this.waiting.clear()
  }
}
