import type { MockClock } from '../clock.ts'
import { invalidInput } from '../control/control-error.ts'
import type { DeliveryVerdicts } from '../faults/delivery-verdicts.ts'
import type { EventFault } from '../faults/fault-rule.ts'
import { REORDER_WAIT_MS } from '../faults/stream-delivery.ts'
import { limits } from '../limits.ts'
import type { AllowedOrigins } from '../security/origin-policy.ts'
import { isLoopbackOrigin } from '../security/origin-policy.ts'
import type { EventLog } from '../store/event-log.ts'
import type { StoredEvent } from '../store/state-event.ts'

/** A receiver of the mock's state events, each POSTed to it signed (Standard Webhooks). */
export interface WebhookEndpoint {
  id: string
  url: string
  /** The event types it receives (`plants.created`); `null`: every type. */
  types: string[] | null
  /** `whsec_…`: the key its signatures are made with, for the receiver to verify them. */
  secret: string
  createdAt: string
}

/** One attempt to deliver one event to one endpoint. */
export interface WebhookDelivery {
  endpoint: string
  /** The CloudEvent's `id`. */
  eventId: string
  /** `webhook-id`: the same on every attempt of one event to one endpoint. */
  webhookId: string
  /** 1 for the first attempt. */
  attempt: number
  /** The receiver's status; `null` when it gave none (no connection, or no answer in 15 s). */
  status: number | null
  /** Why it failed, when it did. */
  error?: string
  /** When the attempt was made, by the mock clock. */
  at: string
  /** When the next attempt is due (mock clock), for a failed attempt that will be retried. */
  nextAttemptAt?: string
  /** The events fault that shaped this attempt: `fault-2 duplicate`, `fault-3 bad-signature`. */
  fault?: string
  /** The second delivery a `duplicate` fault made: never retried. */
  copy?: true
}

/**
 * The Standard Webhooks schedule after a failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
 * It runs on the mock clock, so advancing the clock (the control API, a test) brings a retry on.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
]
/** How long a receiver has to answer before the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 15_000

/** The deliveries of one event that a `duplicate` fault made: how many the receiver took (2xx). */
interface Duplicated {
  rule: string
  accepted: number
}

interface Pending {
  endpoint: WebhookEndpoint
  stored: StoredEvent
  attempt: number
  dueAt: number
  /** The events fault that fired for this event, kept on its first attempt only. */
  fault?: EventFault
  /** Both deliveries of a duplicated event share it. */
  duplicated?: Duplicated
  copy?: boolean
  /** A `reorder`ed event waiting for the next one to this endpoint. */
  held?: boolean
  /** The reordered event that goes once this one's first attempt is over. */
  then?: Pending
}

/** What the deliveries need of the instance. */
export interface WebhookHost {
  clock: MockClock
  log: EventLog
  /** Where a receiver that took a duplicate or a badly signed delivery is judged. */
  verdicts: DeliveryVerdicts
  /** Origins besides loopback ones that an endpoint may be at (the mock's `allowedOrigins`). */
  allowedOrigins: AllowedOrigins
  fetch?: typeof fetch
}

type Signer = (secret: string, id: string, at: Date, body: string) => string
let signer: Promise<Signer> | undefined
/** The Standard Webhooks SDK's signer, loaded when the first delivery is made. */
function loadSigner(): Promise<Signer> {
  signer ??= import('standardwebhooks').then((module) => {
    // A CommonJS package: its named export, or its default's where a bundler wraps it.
    type Sdk = typeof module
    const { Webhook } =
      'Webhook' in module ? module : (module as { default: Sdk }).default
    return (secret, id, at, body) => new Webhook(secret).sign(id, at, body)
  })
  return signer
}

/** In Node, a timer of the deliveries does not keep the process alive by itself. */
function unref(timer: ReturnType<typeof setTimeout>) {
  ;(timer as { unref?: () => void }).unref?.()
}

/** `whsec_` and 24 random bytes in base64, as Standard Webhooks secrets are written. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return `whsec_${btoa(String.fromCharCode(...bytes))}`
}

/**
 * The mock's webhook endpoints and their deliveries: each state event the log announces is POSTed
 * to every endpoint whose types take it, signed by the Standard Webhooks scheme (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`); an answer that is not 2xx, or none within 15 s, is
 * retried on the Standard Webhooks schedule by the mock clock, with the same `webhook-id`.
 * Nothing listens to the log until the first endpoint is added.
 */
export class Webhooks {
  private readonly host: WebhookHost
  private endpoints: WebhookEndpoint[] = []
  private log: WebhookDelivery[] = []
  private pending: Pending[] = []
  private timer: ReturnType<typeof setTimeout> | undefined
  private timerDue = Infinity
  private unsubscribe: (() => void) | undefined
  private nextId = 1

  constructor(host: WebhookHost) {
    this.host = host
  }

  /** Checks an endpoint's input, every mistake at once; adds it and returns it with its secret. */
  add(input: unknown): WebhookEndpoint {
    const issues: { path: string[]; message: string }[] = []
    const { url, types, ...rest } =
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? (input as Record<string, unknown>)
        : {}
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      issues.push({ path: [], message: 'must be an object: { url, types? }' })
    for (const name of Object.keys(rest))
      issues.push({
        path: [name],
        message: 'is not a member of a webhook endpoint (url, types)',
      })
    let target: URL | undefined
    if (typeof url !== 'string') {
      issues.push({
        path: ['url'],
        message:
          url === undefined
            ? 'is required: the URL the events are POSTed to'
            : 'must be an http(s) URL',
      })
    } else {
      try {
        target = new URL(url)
      } catch {
        issues.push({
          path: ['url'],
          message: 'must be an absolute http(s) URL',
        })
      }
      if (target && target.protocol !== 'http:' && target.protocol !== 'https:')
        issues.push({ path: ['url'], message: 'must use http or https' })
      else if (target && (target.username || target.password))
        issues.push({
          path: ['url'],
          message: 'must not carry a user name or password',
        })
      else if (target && !this.reachable(target.origin))
        issues.push({
          path: ['url'],
          message: `must be at a loopback origin or one of the mock's allowedOrigins; ${target.origin} is neither (add it to allowedOrigins to deliver there)`,
        })
    }
    if (
      types !== undefined &&
      (!Array.isArray(types) ||
        types.length === 0 ||
        types.length > 100 ||
        types.some(
          (type) => typeof type !== 'string' || !/^[\w.-]{1,100}$/.test(type),
        ))
    )
      issues.push({
        path: ['types'],
        message:
          'must be a list of 1 to 100 event types (plants.created, plants.harvest)',
      })
    if (this.endpoints.length >= limits.webhookEndpoints)
      issues.push({
        path: [],
        message: `at most ${limits.webhookEndpoints} endpoints; remove one first`,
      })
    if (issues.length > 0) invalidInput('add a webhook endpoint', issues)
    const endpoint: WebhookEndpoint = {
      id: `wh_${this.nextId++}`,
      url: target!.href,
      types: (types as string[] | undefined) ?? null,
      secret: newSecret(),
      createdAt: this.host.clock.iso(),
    }
    this.endpoints.push(endpoint)
    this.unsubscribe ??= this.host.log.subscribe((stored, fault) =>
      this.announced(stored, fault),
    )
    return endpoint
  }

  list(): WebhookEndpoint[] {
    return this.endpoints.map((endpoint) => ({ ...endpoint }))
  }

  /** Removes an endpoint and its pending retries; false when there is none by that id. */
  remove(id: string): boolean {
    const before = this.endpoints.length
    this.endpoints = this.endpoints.filter((endpoint) => endpoint.id !== id)
    this.pending = this.pending.filter((item) => item.endpoint.id !== id)
    if (this.endpoints.length === 0) this.stop()
    return this.endpoints.length < before
  }

  /** Every attempt, oldest first (the last `limits.webhookDeliveries`). */
  deliveries(): WebhookDelivery[] {
    return this.log.map((delivery) => ({ ...delivery }))
  }

  /** The mock clock moved: retries it made due go now. */
  clockMoved() {
    this.pump()
  }

  /** Forgets every endpoint, delivery and retry (a reset of the mock). */
  reset() {
    this.endpoints = []
    this.pending = []
    this.log = []
    this.stop()
  }

  private stop() {
    this.unsubscribe?.()
    this.unsubscribe = undefined
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.timerDue = Infinity
  }

  private reachable(origin: string) {
    const allowed = this.host.allowedOrigins
    return (
      isLoopbackOrigin(origin) ||
      allowed === '*' ||
      allowed.some((entry) => entry.toLowerCase() === origin)
    )
  }

  private announced(stored: StoredEvent, fault?: EventFault) {
    const now = this.host.clock.now()
    for (const endpoint of this.endpoints) {
      if (endpoint.types && !endpoint.types.includes(stored.event.type))
        continue
      if (this.pending.length >= limits.webhookPending) {
        const dropped = this.pending.shift()!
        this.record(dropped, null, 'dropped: too many deliveries waiting')
      }
      const item: Pending = {
        endpoint,
        stored,
        attempt: 1,
        dueAt: now,
        ...(fault && { fault }),
      }
      // A reordered event waiting for this endpoint's next one goes right after it.
      const held = this.pending.findIndex(
        (other) => other.held && other.endpoint === endpoint,
      )
      if (held !== -1 && fault?.effect.kind !== 'reorder') {
        item.then = { ...this.pending[held]!, held: false }
        this.pending.splice(held, 1)
      }
      switch (fault?.effect.kind) {
        case 'drop':
          this.record(item, null, `dropped: ${fault.rule} drop`)
          continue
        case 'delay':
          item.dueAt = now + fault.effect.ms
          break
        case 'reorder':
          item.held = true
          item.dueAt = now + REORDER_WAIT_MS
          break
        case 'duplicate': {
          item.duplicated = { rule: fault.rule, accepted: 0 }
          // The copy goes with the event, not with a reordered one waiting for it.
          const { then: _then, ...copy } = item
          this.pending.push(item, { ...copy, copy: true })
          continue
        }
      }
      this.pending.push(item)
    }
    this.pump()
  }

  private pump() {
    const now = this.host.clock.now()
    const due = this.pending.filter((item) => item.dueAt <= now)
    if (due.length > 0) {
      this.pending = this.pending.filter((item) => item.dueAt > now)
      for (const item of due) void this.send(item)
    }
    this.arm()
  }

  /** A timer for the next retry, so one comes by itself as time passes. */
  private arm() {
    const next = Math.min(...this.pending.map((item) => item.dueAt))
    if (next === this.timerDue) return
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.timerDue = next
    if (next === Infinity) return
    this.timer = setTimeout(
      () => {
        this.timer = undefined
        this.timerDue = Infinity
        this.pump()
      },
      Math.max(0, next - this.host.clock.now()),
    )
    unref(this.timer)
  }

  private async send(item: Pending) {
    const { endpoint, stored } = item
    const body = JSON.stringify(stored.event)
    const webhookId = stored.event.id
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS)
    unref(timeout)
    let status: number | null = null
    let error: string | undefined
    const kind = item.fault?.effect.kind
    try {
      const sign = await loadSigner()
      if (kind === 'disconnect')
        throw new Error(`the connection was closed (${item.fault!.rule})`)
      // Signed with a key the receiver does not hold: one that verifies refuses it.
      const secret = kind === 'bad-signature' ? newSecret() : endpoint.secret
      const response = await (this.host.fetch ?? globalThis.fetch)(
        endpoint.url,
        {
          method: 'POST',
          redirect: 'manual',
          signal: controller.signal,
          headers: {
            'Content-Type': 'application/json',
            'webhook-id': webhookId,
            // Wall-clock time: receivers check it against their own clock (five minutes of skew).
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': sign(secret, webhookId, new Date(), body),
          },
          body,
        },
      )
      status = response.status
      await response.body?.cancel().catch(() => {})
      if (status < 200 || status > 299) error = `answered ${status}`
    } catch (caught) {
      error = controller.signal.aborted
        ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : `could not be reached: ${caught instanceof Error ? caught.message : String(caught)}`
    } finally {
      clearTimeout(timeout)
    }
    // Removed meanwhile: its retries go with it.
    if (!this.endpoints.includes(endpoint)) return
    this.record(item, status, error)
  }

  private record(
    item: Pending,
    status: number | null,
    error: string | undefined,
  ) {
    const delay =
      error === undefined || item.copy
        ? undefined
        : RETRY_SCHEDULE_MS[item.attempt - 1]
    const at = this.host.clock.now()
    const delivery: WebhookDelivery = {
      endpoint: item.endpoint.id,
      eventId: item.stored.event.id,
      webhookId: item.stored.event.id,
      attempt: item.attempt,
      status,
      ...(error !== undefined && { error }),
      at: new Date(at).toISOString(),
      ...(delay !== undefined &&
        !error?.startsWith('dropped') && {
          nextAttemptAt: new Date(at + delay).toISOString(),
        }),
      ...(item.fault && {
        fault: `${item.fault.rule} ${item.fault.effect.kind}`,
      }),
      ...(item.copy && { copy: true as const }),
    }
    this.log.push(delivery)
    if (this.log.length > limits.webhookDeliveries) this.log.shift()
    if (status !== null && status >= 200 && status <= 299)
      this.judge(item, status)
    const { then, fault: _fault, held: _held, ...rest } = item
    if (then) this.pending.push({ ...then, dueAt: at })
    if (delivery.nextAttemptAt !== undefined)
      this.pending.push({
        ...rest,
        attempt: item.attempt + 1,
        dueAt: at + delay!,
      })
    if (then) this.pump()
    else this.arm()
  }

  /** The receiver took (2xx) a delivery an events fault made: what that says of it. */
  private judge(item: Pending, status: number) {
    const { endpoint, stored } = item
    const base = {
      channel: 'webhook' as const,
      consumer: endpoint.id,
      eventId: stored.event.id,
    }
    if (item.fault?.effect.kind === 'bad-signature')
      this.host.verdicts.add({
        ...base,
        id: 'accepted-bad-signature',
        fault: item.fault.rule,
        message: `${endpoint.id} (${endpoint.url}) answered ${status} to a delivery of ${stored.event.type} whose webhook-signature was made with another key: it did not verify the signature.`,
      })
    const duplicated = item.duplicated
    if (duplicated && ++duplicated.accepted === 2)
      this.host.verdicts.add({
        ...base,
        id: 'processed-twice',
        fault: duplicated.rule,
        message: `${endpoint.id} (${endpoint.url}) answered 2xx to both deliveries of webhook-id ${stored.event.id} (${stored.event.type}): it took the duplicate as a new event instead of recognising the webhook-id.`,
      })
  }
}
