import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runChecks, type CheckOptions } from '../../src/check/index.ts'

const SECRET = 'hostile-test-secret-token'
const HUNDRED_MB = 100 * 1024 * 1024

type Handler = (req: IncomingMessage, res: ServerResponse) => void
function listen(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer(handler)
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      }),
    ),
  )
}
const json = (
  res: ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...headers,
  })
  res.end(JSON.stringify(body))
}
const oneItem = (self: string) => [{ id: 1, _links: { self: { href: self } } }]

let api: { server: Server; url: string }
let other: { server: Server; url: string }
/** Every Authorization header the other origin ever received. */
const otherOriginSaw: (string | undefined)[] = []
let bigBytesSent = 0
let limitedReads = 0

beforeAll(async () => {
  other = await listen((req, res) => {
    otherOriginSaw.push(req.headers.authorization)
    json(res, { id: 1, _links: { self: { href: '/item' } } })
  })
  api = await listen((req, res) => {
    const path = req.url ?? '/'
    if (path === '/')
      return json(res, {
        _links: {
          self: { href: '/' },
          items: { href: '/away-items' },
          elsewhere: { href: `${other.url}/stolen-collection` },
        },
      })
    if (path === '/away-items')
      return json(res, [
        { id: 1, _links: { self: { href: '/away' } } },
        { id: 2, _links: { self: { href: `${other.url}/item` } } },
      ])
    if (path === '/away')
      return json(res, {}, 302, { Location: `${other.url}/item` })
    if (path === '/big-items') return json(res, oneItem('/big'))
    if (path === '/big') return streamHundredMegabytes(res)
    if (path === '/loop-items') return json(res, oneItem('/loop'))
    if (path === '/loop') return json(res, {}, 302, { Location: '/loop' })
    if (path === '/hang-items') return json(res, oneItem('/hang'))
    if (path === '/hang') return // never answers
    if (path === '/html-items') return json(res, oneItem('/html'))
    if (path === '/html') {
      res.writeHead(200, {
        'Content-Type': 'text/html',
        'Cache-Control': 'no-store',
      })
      return res.end('<html><body>{"id": 1</body></html>')
    }
    if (path === '/limited-items')
      return limitedReads++ === 0
        ? json(res, { status: 429 }, 429, { 'Retry-After': '3' })
        : json(res, oneItem('/limited-items/1'))
    if (path === '/limited-items/1') return json(res, { id: 1 })
    json(res, { status: 404 }, 404)
  })
})

afterAll(() => {
  for (const { server } of [api, other]) {
    server.closeAllConnections()
    server.close()
  }
})

function streamHundredMegabytes(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  const write = () => {
    while (bigBytesSent < HUNDRED_MB) {
      bigBytesSent += chunk.length
      if (!res.write(chunk)) return void res.once('drain', write)
    }
    res.end()
  }
  res.on('close', () => res.removeAllListeners('drain'))
  write()
}

const options = (extra: Partial<CheckOptions>): CheckOptions => ({
  baseUrl: api.url,
  token: SECRET,
  requestTimeoutMs: 300,
  ...extra,
})

it('a hanging server ends as a verdict that gives the reason, not as a hang', async () => {
  const report = await runChecks(
    options({ paths: ['/hang-items'], rules: ['links-self'] }),
  )
  const rule = report.rules[0]
  expect(rule?.status).toBe('fail')
  expect(rule?.actual).toBe('no complete response within 300 ms')
  expect(rule?.evidence.at(-1)?.error).toBe(
    'no complete response within 300 ms',
  )
})

it('a caller’s abort ends the run at once, even while a request hangs', async () => {
  const controller = new AbortController()
  const run = runChecks(
    options({
      paths: ['/hang-items'],
      rules: ['links-self'],
      requestTimeoutMs: 60_000,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'rule:start')
          setTimeout(
            () => controller.abort(new Error('stopped by the caller')),
            50,
          )
      },
    }),
  )
  await expect(run).rejects.toThrow('stopped by the caller')
})

it('a hanging root ends the run with exit code 2 and the reason', async () => {
  const report = await runChecks(options({ baseUrl: `${api.url}/hang` }))
  expect(report.exitCode).toBe(2)
  expect(report.error).toMatch(/no complete response within 300 ms/)
})

it('stops reading a 100 MB body at the cap, and the rest is never sent', async () => {
  const report = await runChecks(
    options({
      paths: ['/big-items'],
      rules: ['links-self'],
      requestTimeoutMs: 5_000,
    }),
  )
  const rule = report.rules[0]
  expect(rule?.status).toBe('fail')
  expect(rule?.actual).toMatch(/larger than the 1048576-byte cap/)
  // The connection closed once the cap was reached; socket buffers hold a few megabytes at most.
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(bigBytesSent).toBeLessThan(HUNDRED_MB / 4)
})

it('a body that is not JSON ends as verdicts that say what came back', async () => {
  const report = await runChecks(
    options({
      paths: ['/html-items'],
      rules: ['links-self', 'json-media-type'],
    }),
  )
  const self = report.rules.find((rule) => rule.id === 'links-self')
  const media = report.rules.find((rule) => rule.id === 'json-media-type')
  expect(self?.status).toBe('fail')
  expect(self?.actual).toBe('another representation: no id where 1 was listed')
  expect(media?.status).toBe('fail')
  expect(media?.actual).toMatch(
    /GET http:\/\/127\.0\.0\.1:\d+\/html → text\/html/,
  )
})

it('a redirect loop ends as a verdict after the redirect limit', async () => {
  const report = await runChecks(
    options({ paths: ['/loop-items'], rules: ['links-self'] }),
  )
  expect(report.rules[0]?.status).toBe('fail')
  expect(report.rules[0]?.actual).toBe(
    'more than 5 redirects, the last to /loop',
  )
  expect(
    report.rules[0]?.evidence.filter((e) => e.request.url.endsWith('/loop')),
  ).toHaveLength(6)
})

it('sends nothing to another origin: not by a link, not by a redirect', async () => {
  const report = await runChecks(
    options({ allowWrites: true, tokenReadonly: `${SECRET}-readonly` }),
  )
  expect(report.exitCode).toBe(1)
  expect(report.discovery.notFollowed).toContainEqual({
    href: `${other.url}/stolen-collection`,
    reason: 'another origin: the credential is not sent there',
  })
  // The redirect to the other origin was not followed: that server saw no request at all.
  expect(otherOriginSaw).toEqual([])
  expect(JSON.stringify(report)).not.toContain(SECRET)
})

it('honours Retry-After before trying again', async () => {
  const waits: number[] = []
  const report = await runChecks(
    options({
      paths: ['/limited-items'],
      rules: ['links-self'],
      sleep: async (ms) => void waits.push(ms),
    }),
  )
  expect(waits).toEqual([3000])
  expect(report.discovery.collections).toEqual([`${api.url}/limited-items`])
  expect(report.rules[0]?.status).toBe('pass')
})
