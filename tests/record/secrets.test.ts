import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRecordingProxy } from '../../src/record/recording-proxy.ts'
import { writeRecording } from '../../src/record/record.ts'

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname

// Secrets planted in every place a recording meets them.
const bearer = 'sk_live_51HqLxYz8aB3cD4eF5gH6iJ7kLmN'
const cookie = '9f8e7d6c5b4a39281716f5e4d3c2b1a0'
const setCookie = 'Zq8Wn3Lr5Tk7Pv9Xs2Yd4Fh6Jm1Bc0Ga'
const queryKey = 'AKIA4EXAMPLE7Q2XZ9PLM3'
const bodySecret = 'xY9zQ2wE4rT6yU8iO0pA1sD3fG5hJ7kL'
const unnamedToken =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlMTIzNDU2'
const secrets = [bearer, cookie, setCookie, queryKey, bodySecret, unnamedToken]

type Row = Record<string, unknown>
const widgets: Row[] = [
  { id: 1, name: 'one', webhookSecret: bodySecret, note: 'plain words' },
  { id: 2, name: 'two', webhookSecret: bodySecret, note: unnamedToken },
]

let backend: Server
let target: string

beforeAll(async () => {
  backend = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      res.setHeader('set-cookie', `session=${setCookie}; HttpOnly`)
      if (req.method === 'POST') {
        const input = JSON.parse(body) as Row
        const row = { id: widgets.length + 1, ...input }
        widgets.push(row)
        res.statusCode = 201
        res.end(JSON.stringify(row))
        return
      }
      const id = /\/widgets\/(\d+)/.exec(req.url ?? '')?.[1]
      res.end(
        JSON.stringify(id ? widgets.find((w) => w.id === Number(id)) : widgets),
      )
    })
  })
  await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r))
  target = `http://127.0.0.1:${(backend.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((r) => backend.close(() => r())))

const headers = {
  authorization: `Bearer ${bearer}`,
  cookie: `session=${cookie}`,
  'content-type': 'application/json',
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).map((f) => path.join(dir, f))
}

function expectNoSecretIn(dir: string) {
  const files = filesUnder(dir)
  expect(files.length).toBe(3)
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    for (const secret of secrets)
      expect(text, `${secret} found in ${path.basename(file)}`).not.toContain(
        secret,
      )
  }
}

describe('a recording writes no credential', { timeout: 30_000 }, () => {
  it('through the proxy: headers, cookies, a query key and body secrets are replaced', async () => {
    const proxy = await startRecordingProxy({ target, port: 0 })
    await fetch(`${proxy.url}/widgets?api_key=${queryKey}`, { headers })
    await fetch(`${proxy.url}/widgets/1`, { headers })
    await fetch(`${proxy.url}/widgets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'three',
        webhookSecret: bodySecret,
        note: 'x',
      }),
    })
    await proxy.close()
    // The proxy kept what it saw, secrets included, in memory only.
    expect(JSON.stringify(proxy.exchanges)).toContain(bearer)
    const out = path.resolve('test-results/record/secrets-proxy')
    const { report } = await writeRecording(proxy.exchanges, out)
    expectNoSecretIn(out)
    for (const line of [
      'request header authorization',
      'request header cookie',
      'response header set-cookie',
      'query parameter api_key',
      'response body webhooksecret',
      'request body webhooksecret',
      'response body note',
    ])
      expect(report).toContain(line)
    // What stays is the model: the scheme, the members and their kinds.
    const source = readFileSync(path.join(out, 'api.ts'), 'utf8')
    expect(source).not.toContain('auth: false')
    expect(source).toContain('webhookSecret: z.string()')
  })

  it('from a HAR through the command line, the same', () => {
    const dir = path.resolve('test-results/record/secrets-har')
    mkdirSync(dir, { recursive: true })
    const entry = (url: string, status: number, body: unknown) => ({
      request: {
        method: 'GET',
        url,
        headers: [
          { name: 'Authorization', value: `Bearer ${bearer}` },
          { name: 'Cookie', value: `session=${cookie}` },
        ],
        cookies: [{ name: 'session', value: cookie }],
      },
      response: {
        status,
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'Set-Cookie', value: `session=${setCookie}` },
        ],
        cookies: [{ name: 'session', value: setCookie }],
        content: { mimeType: 'application/json', text: JSON.stringify(body) },
      },
    })
    const har = {
      log: {
        version: '1.2',
        entries: [
          entry(`${target}/widgets?api_key=${queryKey}`, 200, widgets),
          entry(`${target}/widgets/2`, 200, widgets[1]),
        ],
      },
    }
    const file = path.join(dir, 'traffic.har')
    writeFileSync(file, JSON.stringify(har))
    const out = path.join(dir, 'out')
    const run = spawnSync(
      process.execPath,
      [CLI, 'record', '--har', file, '--out', out],
      { encoding: 'utf8' },
    )
    expect(run.status, run.stderr).toBe(0)
    for (const secret of secrets) expect(run.stdout).not.toContain(secret)
    expect(run.stdout).toContain('request header authorization')
    expectNoSecretIn(out)
  })

  it('keeps what --keep names', async () => {
    const proxy = await startRecordingProxy({ target, port: 0 })
    await fetch(`${proxy.url}/widgets/1`, { headers })
    await proxy.close()
    const out = path.resolve('test-results/record/secrets-keep')
    await writeRecording(proxy.exchanges, out, { keep: ['webhookSecret'] })
    expect(readFileSync(path.join(out, 'api.seed.json'), 'utf8')).toContain(
      bodySecret,
    )
  })
})
