import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  formatConsoleReport,
  runChecks,
  type CheckReport,
} from '../../src/check/index.ts'
import { reportSchemaErrors } from './support.ts'

const bin = fileURLToPath(
  new URL('../../node_modules/json-server/lib/bin.js', import.meta.url),
)
const db = {
  posts: [
    { id: '1', title: 'a title', views: 100 },
    { id: '2', title: 'another title', views: 200 },
    { id: '3', title: 'a third title', views: 100 },
  ],
  comments: [{ id: '1', text: 'a comment', postId: '1' }],
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

let child: ChildProcess
let dir: string
let baseUrl: string
let report: CheckReport

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hypermock-check-json-server-'))
  writeFileSync(path.join(dir, 'db.json'), JSON.stringify(db))
  const port = await freePort()
  child = spawn(process.execPath, [bin, 'db.json', '--port', String(port)], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('JSON Server started')) resolve()
    })
    child.on('exit', (code) =>
      reject(new Error(`json-server exited with ${code}`)),
    )
  })
  baseUrl = `http://127.0.0.1:${port}`
  report = await runChecks({
    baseUrl,
    paths: ['/posts', '/comments'],
    allowWrites: true,
  })
}, 30_000)

afterAll(() => {
  child.kill()
  rmSync(dir, { recursive: true, force: true })
})

it('names what json-server lacks and exits with 1, without crashing', () => {
  expect(report.error).toBeNull()
  expect(report.exitCode).toBe(1)
  expect(reportSchemaErrors(report)).toEqual([])
  const failed = report.rules
    .filter((r) => r.status === 'fail')
    .map((r) => r.id)
  expect(failed).toEqual(
    expect.arrayContaining([
      'problem-details',
      'validation-all-fields',
      'malformed-json-400',
      'method-not-allowed-405',
      'idempotency-replay',
      'links-self',
    ]),
  )
  // What it does do, it is credited with.
  expect(report.rules.find((r) => r.id === 'not-found-404')?.status).toBe(
    'pass',
  )
  expect(
    report.rules.find((r) => r.id === 'unauthenticated-401')?.reason,
  ).toMatch(/no token given/)
  const text = formatConsoleReport(report)
  expect(text).toMatch(/✗ fail idempotency-replay \(must\)/)
  expect(text).toMatch(
    /curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/posts' -H 'Idempotency-Key: /,
  )
})

it('deletes every post it created', async () => {
  expect(report.cleanup.length).toBeGreaterThan(0)
  expect(report.cleanup.filter((entry) => !entry.deleted)).toEqual([])
  const posts = (await (await fetch(`${baseUrl}/posts`)).json()) as unknown[]
  expect(posts).toHaveLength(db.posts.length)
})
