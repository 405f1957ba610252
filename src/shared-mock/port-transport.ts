import type { DeclaredMockOptions } from '../mock-server/control/remote-mock-api.ts'
import { controlCommands } from '../mock-server/control/control-commands.ts'
import type {
  ControlTransport,
  Mirror,
  RemoteEvent,
} from '../mock-server/control/control-transport.ts'
import {
  createRemoteMockApi,
  type SharedMockApi,
} from '../mock-server/control/remote-mock-api.ts'
import {
  deserializeResponse,
  serializeRequest,
  type HubHello,
  type HubMessage,
  type HubCommand,
  type PortLike,
  type SerializedRequest,
  type SerializedResponse,
  type TabMessage,
} from './protocol.ts'

/** A virtual clock the tab runs on; the shared mock follows it while answering the tab. */
export interface SharedModeClock {
  now(): number
  sleep(ms: number): Promise<void>
}

const LOST: SerializedResponse = {
  error: true,
  status: 0,
  statusText: '',
  headers: [],
  body: null,
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * The tab's end of a `MessagePort` to the hub that runs the shared mock. `attach` connects it
 * (again, when the tab running the hub closed and another took over; what was in flight then ends
 * as a network error, unless it is a read or carries an idempotency key: that is sent again).
 */
export function createPortTransport(tabClock?: SharedModeClock): {
  transport: ControlTransport
  attach(port: PortLike): Promise<void>
} {
  const waiting = new Map<
    number,
    {
      kind: 'fetch' | 'command'
      again: TabMessage | null
      resolve(value: unknown): void
      reject(error: Error): void
    }
  >()
  let port: PortLike | undefined
  let listener: ((event: RemoteEvent) => void) | undefined
  let welcomes = 0
  let first: (opened: { mirror: Mirror; notice: string | null }) => void
  let refuse: (error: Error) => void
  const opened = new Promise<{ mirror: Mirror; notice: string | null }>(
    (resolve, reject) => {
      first = resolve
      refuse = reject
    },
  )
  let nextId = 1
  /** The event streams being read, by fetch id: a `pull` sent, the chunk it waits for. */
  const streams = new Map<
    number,
    {
      controller: ReadableStreamDefaultController<Uint8Array>
      pulled(): void
    }
  >()

  // The hub outlives a page that goes away (a reload, a closed tab), and no port says it closed:
  // the page cancels its streams as it goes, or the mock would go on feeding them.
  if (typeof window !== 'undefined')
    window.addEventListener('pagehide', () => {
      // A page kept for Back (the bfcache) comes back with them ended: its readers reconnect.
      for (const [id, stream] of streams) {
        streams.delete(id)
        port?.postMessage({ kind: 'cancel', id } satisfies TabMessage)
        stream.controller.error(new TypeError('the page was hidden'))
        stream.pulled()
      }
    })

  /** A streamed body: each read asks the hub for the next chunk, so it reads at the tab's pace. */
  function streamedBody(from: PortLike, id: number) {
    return new ReadableStream<Uint8Array>({
      pull: (controller) =>
        new Promise<void>((pulled) => {
          if (port !== from) {
            controller.error(
              new TypeError(
                'the tab running the shared mock closed the stream',
              ),
            )
            return pulled()
          }
          streams.set(id, { controller, pulled })
          from.postMessage({ kind: 'pull', id } satisfies TabMessage)
        }),
      cancel() {
        streams.delete(id)
        from.postMessage({ kind: 'cancel', id } satisfies TabMessage)
      },
    })
  }
  /** Writes of this tab not answered yet: a change heard meanwhile may be its own. */
  let ownWrites = 0

  function send(
    message:
      | { kind: 'command'; command: HubCommand }
      | { kind: 'fetch'; request: SerializedRequest; now?: number },
    transfer: Transferable[] = [],
    write = false,
  ): Promise<unknown> {
    const id = nextId++
    if (write) ownWrites += 1
    const again =
      message.kind === 'fetch' &&
      (!write ||
        message.request.headers.some(
          ([name]) => name.toLowerCase() === 'idempotency-key',
        ))
        ? { ...message, id }
        : null
    const answer = new Promise<unknown>((resolve, reject) =>
      waiting.set(id, { kind: message.kind, again, resolve, reject }),
    ).finally(() => {
      if (write) ownWrites -= 1
    })
    port!.postMessage({ ...message, id }, transfer)
    return answer
  }

  const sendCommand = (command: HubCommand, write: boolean) =>
    send({ kind: 'command', command }, [], write)

  function receive(message: HubMessage, welcomed: () => void) {
    switch (message.kind) {
      case 'welcome':
        welcomes += 1
        if (welcomes === 1)
          first({ mirror: message.mirror, notice: message.notice })
        // Another tab took over the mock: what this tab shows is read afresh.
        else listener?.({ type: 'reset', mirror: message.mirror, remote: true })
        return welcomed()
      case 'refused':
        refuse(new Error(message.message))
        return welcomed()
      case 'reply': {
        const entry = waiting.get(message.id)
        waiting.delete(message.id)
        if (message.ok) entry?.resolve(message.value)
        else entry?.reject(new Error(message.error))
        return
      }
      case 'response': {
        const entry = waiting.get(message.id)
        waiting.delete(message.id)
        const { response } = message
        entry?.resolve(
          response.stream
            ? deserializeResponse(response, streamedBody(port!, message.id))
            : response,
        )
        return
      }
      case 'chunk':
      case 'end': {
        const stream = streams.get(message.id)
        if (!stream) return
        if (message.kind === 'chunk') stream.controller.enqueue(message.bytes)
        else {
          streams.delete(message.id)
          if (message.error === undefined) stream.controller.close()
          else stream.controller.error(new TypeError(message.error))
        }
        stream.pulled()
        return
      }
      case 'event': {
        const event = message.event
        if (event.type === 'state' || event.type === 'reset')
          return listener?.({ ...event, remote: ownWrites === 0 })
        return listener?.(event)
      }
      case 'notice':
        return listener?.({ type: 'notice', message: message.message })
      case 'sleep': {
        const from = port
        const wait = tabClock
          ? tabClock.sleep(message.ms)
          : new Promise<void>((resolve) => setTimeout(resolve, message.ms))
        void wait.then(() =>
          from?.postMessage({
            kind: 'woke',
            id: message.id,
          } satisfies TabMessage),
        )
        return
      }
    }
  }

  function attach(next: PortLike): Promise<void> {
    const resend: TabMessage[] = []
    for (const [id, entry] of waiting) {
      if (entry.again) {
        resend.push(entry.again)
        continue
      }
      waiting.delete(id)
      if (entry.kind === 'fetch') entry.resolve(LOST)
      else
        entry.reject(
          new Error('the tab running the shared mock closed before answering'),
        )
    }
    // A stream of the hub that went away ends as a network error: its reader reconnects.
    for (const [id, stream] of streams) {
      streams.delete(id)
      stream.controller.error(
        new TypeError('the tab running the shared mock closed the stream'),
      )
      stream.pulled()
    }
    port = next
    return new Promise((welcomed) => {
      next.addEventListener('message', (event: MessageEvent) => {
        if (port === next) receive(event.data as HubMessage, welcomed)
      })
      next.start?.()
      next.postMessage({ kind: 'hello' } satisfies HubHello)
      for (const message of resend) next.postMessage(message)
    })
  }

  const transport: ControlTransport = {
    open(heard) {
      listener = heard
      return opened
    },
    call: (name, input) =>
      sendCommand(
        { name, input } as HubCommand,
        controlCommands[name].write,
      ) as never,
    pull: () => sendCommand({ name: 'pull' }, false) as Promise<Mirror>,
    async fetch(request) {
      const serialized = await serializeRequest(request)
      const answer = await send(
        {
          kind: 'fetch',
          request: serialized,
          ...(tabClock && { now: tabClock.now() }),
        },
        serialized.body ? [serialized.body] : [],
        !SAFE.has(request.method),
      )
      return answer instanceof Response
        ? answer
        : deserializeResponse(answer as SerializedResponse)
    },
    migrate: (legacy) =>
      sendCommand({ name: 'migrate', legacy }, true) as Promise<boolean>,
  }
  return { transport, attach }
}

/** A tab's client of the shared mock, over a port transport. */
export function remoteOverPort(
  transport: ControlTransport,
  options: DeclaredMockOptions,
  tabClock?: SharedModeClock,
): Promise<SharedMockApi> {
  return createRemoteMockApi(transport, {
    options,
    where: 'the tab or worker that runs the shared mock',
    resetLocally: true,
    ...(tabClock && { now: () => tabClock.now() }),
  })
}

/** Connects a tab to the shared mock's hub through `port`. */
export async function connectToHub(
  port: PortLike,
  options: DeclaredMockOptions,
  tabClock?: SharedModeClock,
): Promise<SharedMockApi> {
  const { transport, attach } = createPortTransport(tabClock)
  const api = remoteOverPort(transport, options, tabClock)
  await attach(port)
  return api
}
