import { connect, createServer, type Socket } from 'node:net'

/**
 * A TCP proxy on a free loopback port in front of a `postgres://` server, for a connection that
 * dies without closing: `blackhole()` stops forwarding bytes both ways on every connection open
 * at that moment, sockets left open and nothing sent (what a proxy, NAT or firewall that lost the
 * connection does), while connections opened afterwards are forwarded as before.
 */
export interface BlackholeProxy {
  /** The target's URL with the proxy's port in place of the server's. */
  readonly url: string
  /** Connections opened through the proxy so far. */
  readonly opened: number
  /**
   * Silences the open connections, or those whose first bytes from the client (PostgreSQL's
   * startup message: user, database, `application_name`) contain `only`.
   */
  blackhole(only?: string): void
  /**
   * Silences every connection, those opened from now on too (accepted, never forwarded): the
   * database is out of reach and nothing says so, as behind a firewall that drops its packets.
   */
  cutOff(): void
  /** Destroys every socket and stops listening. */
  close(): Promise<void>
}

interface Pair {
  client: Socket
  server: Socket
  silent: boolean
  startup: string | null
}

export async function startBlackholeProxy(
  target: string,
): Promise<BlackholeProxy> {
  const to = new URL(target)
  const pairs = new Set<Pair>()
  /** Connections accepted after `cutOff()`: nothing reaches the server. */
  const silenced = new Set<Socket>()
  let opened = 0
  let cutOff = false
  const forward = (pair: Pair, from: Socket, into: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (from === pair.client) pair.startup ??= chunk.toString('latin1')
      if (!pair.silent) into.write(chunk)
    })
    from.on('end', () => {
      if (!pair.silent) into.end()
    })
    from.on('error', () => {})
    from.on('close', () => {
      if (!pair.silent) into.destroy()
    })
  }
  const server = createServer((client) => {
    opened++
    if (cutOff) {
      client.on('data', () => {})
      client.on('error', () => {})
      silenced.add(client)
      return
    }
    const upstream = connect(Number(to.port), to.hostname)
    const pair: Pair = {
      client,
      server: upstream,
      silent: false,
      startup: null,
    }
    pairs.add(pair)
    forward(pair, client, upstream)
    forward(pair, upstream, client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  if (address === null || typeof address === 'string')
    throw new Error('The proxy has no TCP port.')
  const url = new URL(target)
  url.hostname = '127.0.0.1'
  url.port = String(address.port)
  return {
    url: url.toString(),
    get opened() {
      return opened
    },
    blackhole(only) {
      for (const pair of pairs)
        if (only === undefined || pair.startup?.includes(only))
          pair.silent = true
    },
    cutOff() {
      cutOff = true
      for (const pair of pairs) pair.silent = true
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy()
        pair.server.destroy()
      }
      pairs.clear()
      for (const client of silenced) client.destroy()
      silenced.clear()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
