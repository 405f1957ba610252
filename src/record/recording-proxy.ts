import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseBody, type Exchange, type Header } from './exchange.ts'

export interface RecordingProxyOptions {
  /** The backend every request is forwarded to: `https://staging.example`. */
  target: string
  /** @default 8788; 0 for any free port */
  port?: number
  /** @default '127.0.0.1' (loopback only) */
  host?: string
  /** Exchanges kept at most; later ones are forwarded, not recorded. @default 10000 */
  maxEntries?: number
  /** Bytes of one request or response body read at most. @default 10 MiB */
  maxBodyBytes?: number
  /** Called for each exchange recorded (the CLI prints a line). */
  onExchange?: (exchange: Exchange) => void
}

export interface RecordingProxy {
  url: string
  exchanges: Exchange[]
  /** Exchanges forwarded but not kept, past `maxEntries`. */
  dropped(): number
  close(): Promise<void>
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
])

const isLoopbackHost = (host: string) =>
  /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(host)

async function readBody(
  request: IncomingMessage,
  limit: number,
): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > limit) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function toHeaders(raw: IncomingMessage['headers']): Header[] {
  const out: Header[] = []
  for (const [name, value] of Object.entries(raw))
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined) out.push({ name, value: v })
  return out
}

/**
 * A recording proxy: forwards every request to the target and keeps each exchange in memory, to
 * be redacted and inferred from when recording stops. It listens on loopback unless told, and
 * answers only requests addressed to a loopback host (a page elsewhere cannot drive it by DNS
 * rebinding).
 */
export async function startRecordingProxy(
  options: RecordingProxyOptions,
): Promise<RecordingProxy> {
  const target = new URL(options.target)
  const maxEntries = options.maxEntries ?? 10_000
  const maxBody = options.maxBodyBytes ?? 10 * 1024 * 1024
  const host = options.host ?? '127.0.0.1'
  const exchanges: Exchange[] = []
  let dropped = 0

  async function handle(request: IncomingMessage, response: ServerResponse) {
    if (isLoopbackHost(host) && !isLoopbackHost(request.headers.host ?? '')) {
      response.writeHead(403, { 'content-type': 'text/plain' })
      response.end('The recording proxy answers loopback hosts only.\n')
      return
    }
    const body = await readBody(request, maxBody)
    if (body === null) {
      response.writeHead(413, { 'content-type': 'text/plain' })
      response.end(`Request bodies over ${maxBody} bytes are not forwarded.\n`)
      return
    }
    const url = new URL(request.url ?? '/', target)
    const requestHeaders = toHeaders(request.headers)
    const headers = new Headers()
    for (const h of requestHeaders)
      if (!HOP_BY_HOP.has(h.name.toLowerCase())) headers.append(h.name, h.value)
    const method = (request.method ?? 'GET').toUpperCase()
    let upstream: Response
    try {
      upstream = await fetch(url, {
        method,
        headers,
        redirect: 'manual',
        ...(body.length > 0 &&
          method !== 'GET' &&
          method !== 'HEAD' && { body: new Uint8Array(body) }),
      })
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end(
        `The target ${target.origin} did not answer: ${error instanceof Error ? error.message : String(error)}\n`,
      )
      return
    }
    const bytes = Buffer.from(await upstream.arrayBuffer())
    const responseHeaders: Header[] = []
    upstream.headers.forEach((value, name) => {
      responseHeaders.push({ name, value })
    })
    const out: Record<string, string | string[]> = {}
    for (const h of responseHeaders) {
      if (HOP_BY_HOP.has(h.name) || h.name === 'content-encoding') continue
      const prior = out[h.name]
      out[h.name] =
        prior === undefined
          ? h.value
          : Array.isArray(prior)
            ? [...prior, h.value]
            : [prior, h.value]
    }
    response.writeHead(upstream.status, out)
    response.end(method === 'HEAD' ? undefined : bytes)

    if (exchanges.length >= maxEntries) {
      dropped++
      return
    }
    const requestContentType = request.headers['content-type'] ?? null
    const responseContentType = upstream.headers.get('content-type')
    const exchange: Exchange = {
      source: `request ${exchanges.length}`,
      method,
      url,
      status: upstream.status,
      requestHeaders,
      requestBody: parseBody(
        body.length > 0 ? body.toString('utf8') : undefined,
        requestContentType,
      ),
      requestContentType,
      responseHeaders,
      responseBody:
        bytes.length <= maxBody
          ? parseBody(bytes.toString('utf8'), responseContentType)
          : undefined,
      responseContentType,
    }
    exchanges.push(exchange)
    options.onExchange?.(exchange)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        response.writeHead(500, { 'content-type': 'text/plain' })
      response.end(
        `The recording proxy failed: ${error instanceof Error ? error.message : String(error)}\n`,
      )
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8788, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    exchanges,
    dropped: () => dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
