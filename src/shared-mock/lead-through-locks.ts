import type { DeclaredMockOptions } from '../mock-server/control/remote-mock-api.ts'
import { createMockHub } from './mock-hub.ts'
import type { StoredDataMismatch } from './mismatch-notice.ts'
import { openStoreAlone } from './open-store-alone.ts'
import type { PortLike } from './protocol.ts'
import type { SharedMockApi } from '../mock-server/control/remote-mock-api.ts'
import {
  createPortTransport,
  remoteOverPort,
  type SharedModeClock,
} from './port-transport.ts'

/** What travels on the BroadcastChannel: announcements, and hub traffic addressed to one tab. */
type ChannelMessage =
  | { kind: 'who-leads' }
  | { kind: 'leader'; id: string }
  | { kind: 'to-hub'; leader: string; from: string; data: unknown }
  | { kind: 'to-tab'; to: string; data: unknown }

/** A MessagePort look-alike over the channel; `dispatch` delivers what arrived for it. */
function channelPort(send: (data: unknown) => void) {
  const listeners: ((event: MessageEvent) => void)[] = []
  const port: PortLike & { dispatch(data: unknown): void } = {
    // The channel clones everything: nothing to transfer.
    postMessage: (data) => send(data),
    addEventListener: (_type, listener) => void listeners.push(listener),
    dispatch(data) {
      for (const listener of listeners)
        listener(new MessageEvent('message', { data }))
    },
  }
  return port
}

/**
 * One tab leads, holding a Web Lock, and runs the
 * hub; the others reach it over a BroadcastChannel. When the leading tab closes, the browser hands
 * the lock to the next tab waiting for it, which starts a hub from the stored data and announces
 * itself; the others connect to it, and what they had in flight ends as a network error (the
 * client's retry with its idempotency key then runs it once).
 */
export function leadThroughLocks(
  options: DeclaredMockOptions,
  database: string | false,
  onMismatch: StoredDataMismatch,
  clock?: SharedModeClock,
): Promise<SharedMockApi> {
  const scope = `hypermock:${database || 'memory'}`
  const me = crypto.randomUUID()
  const channel = new BroadcastChannel(scope)
  const remote = createPortTransport(clock)
  let leader: string | null = null
  let leading = false
  const followers = new Map<string, ReturnType<typeof channelPort>>()
  let toLeader: ReturnType<typeof channelPort> | null = null
  const post = (message: ChannelMessage) => channel.postMessage(message)

  const ready = remoteOverPort(remote.transport, options, clock)

  function follow(id: string) {
    if (leading || id === leader) return
    leader = id
    toLeader = channelPort((data) =>
      post({ kind: 'to-hub', leader: id, from: me, data }),
    )
    void remote.attach(toLeader)
  }

  function lead() {
    leading = true
    leader = me
    // The declaration runs here, in the tab: nothing holding code crosses the channel.
    const hub = createMockHub({
      options,
      database,
      onMismatch,
      openStore: openStoreAlone,
    })
    const { port1, port2 } = new MessageChannel()
    hub.connect(port1)
    void remote.attach(port2)
    channel.addEventListener('message', (event: MessageEvent) => {
      const message = event.data as ChannelMessage
      if (message.kind !== 'to-hub' || message.leader !== me) return
      let port = followers.get(message.from)
      if (!port) {
        const to = message.from
        port = channelPort((data) => post({ kind: 'to-tab', to, data }))
        followers.set(to, port)
        hub.connect(port)
      }
      port.dispatch(message.data)
    })
    post({ kind: 'leader', id: me })
  }

  channel.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as ChannelMessage
    if (message.kind === 'who-leads' && leading)
      post({ kind: 'leader', id: me })
    if (message.kind === 'leader') follow(message.id)
    if (message.kind === 'to-tab' && message.to === me && !leading)
      toLeader?.dispatch(message.data)
  })
  void navigator.locks.request(`${scope}:leader`, () => {
    lead()
    // Held while the tab lives; the browser releases it when the tab closes.
    return new Promise<void>(() => {})
  })
  post({ kind: 'who-leads' })
  return ready
}
