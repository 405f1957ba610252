import dns from 'node:dns'
import { syncBuiltinESMExports } from 'node:module'
import net from 'node:net'

const loopback = (host: unknown) =>
  host === undefined ||
  host === 'localhost' ||
  host === '::1' ||
  (typeof host === 'string' && host.startsWith('127.'))

/** Where a `socket.connect(...)` call goes: `(port, host)`, `({ port, host })` or a pipe path. */
function targetOf(args: unknown[]): { host: unknown; port: unknown } {
  const [first, second] = args
  if (first && typeof first === 'object') {
    const options = first as { host?: unknown; port?: unknown; path?: unknown }
    if (options.path !== undefined) return { host: 'localhost', port: 'ipc' }
    return { host: options.host, port: options.port }
  }
  return { host: typeof second === 'string' ? second : undefined, port: first }
}

/**
 * Lets a client under test open sockets to loopback addresses only, for as long as it runs:
 * every other connection and every name lookup other than `localhost` is refused and recorded in
 * `elsewhere`, so an SDK that would retry against its real API (or send telemetry) is seen, and
 * never reaches the internet. Returns the function that restores the network.
 */
export function loopbackOnly(elsewhere: string[]): () => void {
  const saved = {
    connect: net.Socket.prototype.connect,
    lookup: dns.lookup,
    promisesLookup: dns.promises.lookup,
  }
  net.Socket.prototype.connect = function (
    this: net.Socket,
    ...args: unknown[]
  ) {
    const { host, port } = targetOf(args)
    if (!loopback(host)) {
      elsewhere.push(`connect ${String(host)}:${String(port)}`)
      throw new Error(
        `Refused a connection to ${String(host)}: only loopback here`,
      )
    }
    return (saved.connect as (...a: unknown[]) => net.Socket).apply(this, args)
  } as typeof net.Socket.prototype.connect
  const refusedLookup = (host: string) => {
    elsewhere.push(`lookup ${host}`)
    return new Error(`Refused to look up ${host}: only loopback here`)
  }
  dns.lookup = ((host: string, ...rest: unknown[]) => {
    if (host === 'localhost')
      return (saved.lookup as (...a: unknown[]) => void)(host, ...rest)
    const callback = rest.at(-1) as (error: Error) => void
    process.nextTick(() => callback(refusedLookup(host)))
  }) as typeof dns.lookup
  dns.promises.lookup = ((host: string, ...rest: unknown[]) =>
    host === 'localhost'
      ? (saved.promisesLookup as (...a: unknown[]) => Promise<unknown>)(
          host,
          ...rest,
        )
      : Promise.reject(
          refusedLookup(host),
        )) as unknown as typeof dns.promises.lookup
  syncBuiltinESMExports()
  return () => {
    net.Socket.prototype.connect = saved.connect
    dns.lookup = saved.lookup
    dns.promises.lookup = saved.promisesLookup
    syncBuiltinESMExports()
  }
}
