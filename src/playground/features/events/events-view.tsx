import { Fragment, useEffect, useId, useState } from 'react'
import { JsonView } from '../../components/json-view.tsx'
import { ScrollBox } from '../../components/scroll-box.tsx'
import type { FaultRule, MockApi } from '../../../index.ts'
import { eventFaultKinds } from '../../../mock-server/faults/fault-rule.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useMockValue } from '../../services/use-mock-value.ts'
import {
  readEventStream,
  type StreamedEvent,
  type StreamState,
} from './event-stream.ts'
import { useControlJson } from './use-control-json.ts'

/** The events the view keeps, newest; the log itself keeps 1000. */
export const SHOWN_EVENTS = 200

type EventFaultKind = (typeof eventFaultKinds)[number]

const kindText: Record<EventFaultKind, string> = {
  duplicate: 'Duplicate: deliver the event twice',
  drop: 'Drop: skip the event (Last-Event-ID brings it back)',
  delay: 'Delay: hold the event on the mock clock',
  reorder: 'Reorder: deliver the event after the next one',
  disconnect: 'Disconnect: close the connection before the event',
  'bad-signature': 'Bad signature: sign the webhook wrongly',
}

/** `12:03:04.512`: the time of day of an ISO time, in UTC like the mock clock. */
function timeOfDay(iso: string): string {
  return iso.length >= 23 ? iso.slice(11, 23) : iso
}

function stateText(state: StreamState, count: number): string {
  switch (state.kind) {
    case 'connecting':
      return 'Connecting to the event stream…'
    case 'open':
      return count === 0
        ? 'Connected: no events yet. Make a change (the Explorer, the Console) and it shows here.'
        : `Connected: ${count} event${count === 1 ? '' : 's'} received, newest first.`
    case 'reconnecting':
      return state.lastEventId === null
        ? 'The stream closed: reconnecting.'
        : `The stream closed: reconnecting with Last-Event-ID ${state.lastEventId}.`
    case 'refused':
      return `The stream was refused (${state.status}): ${state.detail}`
  }
}

/** The live stream, read afresh from the start of the log for each credential and after a reset. */
function LiveStream(props: {
  api: MockApi
  token: string | null
  onEvent(): void
}) {
  const [resets, setResets] = useState(0)
  const { api } = props
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type === 'reset') setResets((count) => count + 1)
      }),
    [api],
  )
  return <StreamReader key={`${props.token} ${resets}`} {...props} />
}

/** What `<base>/events` delivers to the credential picked, as it comes. */
function StreamReader({
  api,
  token,
  onEvent,
}: {
  api: MockApi
  token: string | null
  onEvent(): void
}) {
  const id = useId()
  const [events, setEvents] = useState<StreamedEvent[]>([])
  const [state, setState] = useState<StreamState>({ kind: 'connecting' })
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set())
  useEffect(() => {
    const controller = new AbortController()
    void readEventStream({
      fetch: (request) => api.fetch(request),
      url: new URL(`${api.basePath}/events`, window.location.href).href,
      token,
      signal: controller.signal,
      onState: setState,
      onEvent(event) {
        setEvents((current) => [event, ...current].slice(0, SHOWN_EVENTS))
        onEvent()
      },
    })
    return () => controller.abort()
  }, [api, token, onEvent])
  const toggle = (key: number) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Live stream</h3>
      <p className="fl-hint">
        This view reads <code>{api.basePath}/events</code> as a consumer does,
        with the credential picked above: from the start of the log, then live,
        resuming with <code>Last-Event-ID</code> when the stream closes. Events
        faults act on it too. Verdicts go by credential: a consumer you test for
        them should use another credential than this view, whose resume would
        otherwise count as its own.
      </p>
      <p role="status" className="jr-summary">
        {stateText(state, events.length)}
      </p>
      {events.length > 0 && (
        <ScrollBox label="Events received" className="jr-scroll">
          <table className="jr-table">
            <caption>Events received, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Type</th>
                <th scope="col">Subject</th>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Data</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => {
                const open = expanded.has(event.key)
                return (
                  <Fragment key={event.key}>
                    <tr className={open ? 'jr-open' : undefined}>
                      <td>{event.id}</td>
                      <td>
                        <code>{event.type}</code>
                      </td>
                      <td>
                        <code>{event.subject}</code>
                      </td>
                      <td>
                        <time dateTime={event.time}>
                          {timeOfDay(event.time)}
                        </time>
                      </td>
                      <td>
                        <button
                          type="button"
                          aria-expanded={open}
                          aria-controls={
                            open ? `${id}-event-${event.key}` : undefined
                          }
                          aria-label={`Data of event ${event.id} (${event.type})`}
                          onClick={() => toggle(event.key)}
                        >
                          {open ? 'Hide' : 'Show'}
                        </button>
                      </td>
                    </tr>
                    {open && (
                      <tr
                        id={`${id}-event-${event.key}`}
                        className="jr-detail-row"
                      >
                        <td colSpan={5}>
                          <p className="fl-hint">
                            CloudEvent id <code>{event.eventId}</code>
                          </p>
                          <JsonView
                            value={event.data}
                            label={`Data of event ${event.id}`}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                )
              })}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  )
}

const readRules = (api: MockApi) => api.faults.list()

function describeEventRule(rule: FaultRule): string {
  const { effect } = rule
  const kind =
    effect.kind === 'delay'
      ? `delay ${effect.ms} ms`
      : (kindText[effect.kind as EventFaultKind]?.split(':')[0] ?? effect.kind)
  return kind.toLowerCase()
}

function whenText(rule: FaultRule): string {
  const parts: string[] = []
  if (rule.skip !== undefined && rule.skip > 0)
    parts.push(`after ${rule.skip} event${rule.skip === 1 ? '' : 's'}`)
  parts.push(
    rule.times === undefined
      ? 'every event, until removed'
      : `the next ${rule.times} event${rule.times === 1 ? '' : 's'}`,
  )
  return parts.join(', ')
}

/** Events faults: added and removed here, listed with how often they fired. */
function EventFaults({ api }: { api: MockApi }) {
  const id = useId()
  const rules = useMockValue(api, ['faults', 'request'], readRules).filter(
    (rule) => rule.target === 'events',
  )
  const [kind, setKind] = useState<EventFaultKind>('duplicate')
  const [ms, setMs] = useState('5000')
  const [times, setTimes] = useState('1')
  const [skip, setSkip] = useState('0')
  const [message, setMessage] = useState('')
  const [problem, setProblem] = useState('')

  function add(event: React.FormEvent) {
    event.preventDefault()
    try {
      const rule = api.faults.add({
        target: 'events',
        effect: kind === 'delay' ? { kind, ms: Number(ms) } : { kind },
        times: Number(times),
        ...(Number(skip) !== 0 && { skip: Number(skip) }),
      } as Parameters<MockApi['faults']['add']>[0])
      setProblem('')
      setMessage(`Added ${rule.id}: ${describeEventRule(rule)}.`)
    } catch (error) {
      setMessage('')
      setProblem(
        `The events fault was not added: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Events faults</h3>
      <p className="fl-hint">
        An events fault acts on the delivery of the next events, on every
        stream, socket and webhook endpoint alike (the Faults view lists them
        with the request faults).
      </p>
      <form
        aria-label="Add an events fault"
        className="fl-form ev-form"
        onSubmit={add}
      >
        <div className="fl-field">
          <label htmlFor={`${id}-kind`}>Effect</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value as EventFaultKind)}
          >
            {eventFaultKinds.map((k) => (
              <option key={k} value={k}>
                {kindText[k]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'delay' && (
          <div className="fl-field">
            <label htmlFor={`${id}-ms`}>Delay (ms of the mock clock)</label>
            <input
              id={`${id}-ms`}
              type="number"
              min={0}
              value={ms}
              onChange={(event) => setMs(event.target.value)}
            />
          </div>
        )}
        <div className="fl-field">
          <label htmlFor={`${id}-times`}>Times (events)</label>
          <input
            id={`${id}-times`}
            type="number"
            min={1}
            value={times}
            onChange={(event) => setTimes(event.target.value)}
          />
        </div>
        <div className="fl-field">
          <label htmlFor={`${id}-skip`}>Skip (events let through first)</label>
          <input
            id={`${id}-skip`}
            type="number"
            min={0}
            value={skip}
            onChange={(event) => setSkip(event.target.value)}
          />
        </div>
        <button type="submit">Add events fault</button>
        {problem !== '' && (
          <p role="alert" className="fl-alert">
            {problem}
          </p>
        )}
      </form>
      <p role="status" className="fl-status">
        {message}
      </p>
      {rules.length === 0 ? (
        <p>No events faults: every event is delivered as it is.</p>
      ) : (
        <ScrollBox label="Events faults" className="fl-table-scroll">
          <table className="fl-table">
            <caption>Events faults in evaluation order</caption>
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Effect</th>
                <th scope="col">When</th>
                <th scope="col">Fired</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((rule) => (
                <tr key={rule.id}>
                  <th scope="row">{rule.id}</th>
                  <td>{describeEventRule(rule)}</td>
                  <td>{whenText(rule)}</td>
                  <td>
                    {rule.times === undefined
                      ? rule.fired
                      : `${rule.fired}/${rule.times}`}
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-label={`Remove ${rule.id}`}
                      onClick={() => {
                        api.faults.remove(rule.id)
                        setMessage(`Removed ${rule.id}.`)
                      }}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  )
}

interface Delivery {
  endpoint: string
  eventId: string
  webhookId: string
  attempt: number
  status: number | null
  error?: string
  at: string
  nextAttemptAt?: string
  fault?: string
}

interface Verdict {
  id: string
  channel: string
  consumer: string
  fault: string
  eventId: string | null
  at: string
  message: string
}

const pickDeliveries = (body: unknown) =>
  ((body as { deliveries?: Delivery[] }).deliveries ?? []).slice().reverse()
const pickVerdicts = (body: unknown) =>
  ((body as { eventVerdicts?: Verdict[] }).eventVerdicts ?? [])
    .slice()
    .reverse()

/** Every webhook attempt the mock made, newest first. */
function Deliveries({ api, again }: { api: MockApi; again: number }) {
  const id = useId()
  const read = useControlJson(
    api,
    '/webhooks/deliveries',
    pickDeliveries,
    again,
  )
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Webhook deliveries</h3>
      <p className="fl-hint">
        Each attempt to POST an event to an endpoint added with{' '}
        <code>POST {api.controlPath}/webhooks</code>, newest first.
      </p>
      {read.kind === 'loading' ? (
        <p>Loading the deliveries…</p>
      ) : read.kind === 'failed' ? (
        <p role="alert">The deliveries could not be read: {read.message}</p>
      ) : read.value.length === 0 ? (
        <p>No webhook deliveries yet.</p>
      ) : (
        <ScrollBox label="Webhook deliveries" className="jr-scroll">
          <table className="jr-table">
            <caption>Webhook deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Endpoint</th>
                <th scope="col">Event</th>
                <th scope="col">Attempt</th>
                <th scope="col">Status</th>
                <th scope="col">Fault</th>
                <th scope="col">At (UTC)</th>
                <th scope="col">Next attempt</th>
              </tr>
            </thead>
            <tbody>
              {read.value.map((delivery, index) => (
                <tr key={`${delivery.webhookId} ${delivery.attempt} ${index}`}>
                  <td>{delivery.endpoint}</td>
                  <td>
                    <code>{delivery.webhookId}</code>
                  </td>
                  <td>{delivery.attempt}</td>
                  <td>{delivery.status ?? delivery.error ?? 'no answer'}</td>
                  <td>{delivery.fault ?? '—'}</td>
                  <td>
                    <time dateTime={delivery.at}>{timeOfDay(delivery.at)}</time>
                  </td>
                  <td>
                    {delivery.nextAttemptAt ? (
                      <time dateTime={delivery.nextAttemptAt}>
                        {timeOfDay(delivery.nextAttemptAt)}
                      </time>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  )
}

/** The consumers an events fault caught, newest first. */
function Verdicts({ api, again }: { api: MockApi; again: number }) {
  const id = useId()
  const read = useControlJson(api, '/operations', pickVerdicts, again)
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Consumer verdicts</h3>
      {read.kind === 'loading' ? (
        <p>Loading the verdicts…</p>
      ) : read.kind === 'failed' ? (
        <p role="alert">The verdicts could not be read: {read.message}</p>
      ) : read.value.length === 0 ? (
        <p>
          No verdicts: no consumer has been caught taking a duplicate as new,
          reconnecting without <code>Last-Event-ID</code> or accepting a bad
          signature.
        </p>
      ) : (
        <ul className="ev-verdicts">
          {read.value.map((verdict, index) => (
            <li key={`${verdict.at} ${index}`}>
              <strong>{verdict.id}</strong> ({verdict.channel},{' '}
              {verdict.consumer}, after {verdict.fault}): {verdict.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * The state events: the live stream as a consumer receives it, the events faults, the webhook
 * deliveries and the consumers' verdicts, all read through the mock API.
 */
export function EventsView() {
  const { api, token } = usePlayground()
  const id = useId()
  const [received, setReceived] = useState(0)
  const [onEvent] = useState(() => () => setReceived((count) => count + 1))
  return (
    <section aria-labelledby={`${id}-heading`} className="jr-view ev-view">
      <h2 id={`${id}-heading`}>Events</h2>
      <p>
        Every change of a record is a CloudEvents event, kept in the mock&apos;s
        event log and delivered as Server-Sent Events and over a WebSocket at{' '}
        <code>{api.basePath}/events</code>, and to webhook endpoints.
      </p>
      <LiveStream api={api} token={token} onEvent={onEvent} />
      <EventFaults api={api} />
      <Deliveries api={api} again={received} />
      <Verdicts api={api} again={received} />
    </section>
  )
}
