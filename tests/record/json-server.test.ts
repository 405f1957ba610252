import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startRecordingProxy } from '../../src/record/recording-proxy.ts'
import { writeRecording } from '../../src/record/record.ts'
import { loadConfig } from '../../src/server/load-config.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'
import { startJsonServer } from './support.ts'

// Written inside the repository, as in a user's project: the declaration imports zod and hypermock-api.
const out = path.resolve('test-results/record/json-server')
let temp: string
let jsonServer: ChildProcess
let served: RunningServer
let report: string

const json = (body: unknown, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'hypermock-record-json-server-'))
  const backend = await startJsonServer(temp, {
    posts: [
      { id: '1', title: 'a title', views: 100, status: 'draft' },
      { id: '2', title: 'another title', views: 200, status: 'published' },
      { id: '3', title: 'a third title', views: 100, status: 'draft' },
    ],
    comments: [
      { id: '1', text: 'a comment', postId: '1' },
      { id: '2', text: 'another comment', postId: '2' },
    ],
  })
  jsonServer = backend.child
  const proxy = await startRecordingProxy({ target: backend.url, port: 0 })
  // What an app does against it, one request after the other: lists, reads, a page, a filter,
  // creates, a replace and a delete (sent at once, the delete could reach json-server before the
  // list that should still hold the record).
  const steps: [string, RequestInit?][] = [
    ['/posts'],
    ['/posts/1'],
    ['/comments'],
    ['/posts?_page=1&_per_page=2'],
    ['/posts?views=100'],
    ['/posts', json({ title: 'new', views: 0, status: 'draft' })],
    ['/comments', json({ text: 'new comment', postId: '2' })],
    ['/posts/2', json({ title: 'x', views: 5, status: 'draft' }, 'PUT')],
    // json-server's own docs, and most apps, send a PATCH as plain JSON.
    ['/posts/1', json({ views: 101 }, 'PATCH')],
    ['/comments/1', { method: 'DELETE' }],
  ]
  for (const [p, init] of steps)
    expect((await fetch(proxy.url + p, init)).status).toBeLessThan(300)
  await proxy.close()
  ;({ report } = await writeRecording(proxy.exchanges, out))
  served = await startServer({
    api: await loadConfig(path.join(out, 'api.ts')),
    port: 0,
  })
}, 60_000)

afterAll(async () => {
  await served?.close()
  jsonServer?.kill()
  rmSync(temp, { recursive: true, force: true })
})

const get = async (p: string) => {
  const response = await fetch(served.url + p)
  return { status: response.status, body: (await response.json()) as unknown }
}

it('serves the collections json-server had, with the records it held before the recording', async () => {
  expect(await get('/posts')).toEqual({
    status: 200,
    body: [
      { id: '1', title: 'a title', views: 100, status: 'draft' },
      { id: '2', title: 'another title', views: 200, status: 'published' },
      { id: '3', title: 'a third title', views: 100, status: 'draft' },
    ],
  })
  const comments = await get('/comments')
  expect(comments.body).toEqual([
    { id: '1', text: 'a comment', postId: '1' },
    { id: '2', text: 'another comment', postId: '2' },
  ])
  expect((await get('/posts/2')).body).toMatchObject({ title: 'another title' })
})

it('keeps state: a created record is read back and listed', async () => {
  const created = await fetch(
    `${served.url}/posts`,
    json({ title: 'recorded', views: 1, status: 'draft' }),
  )
  expect(created.status).toBe(201)
  const location = created.headers.get('location')!
  expect(location).toMatch(/^\/posts\//)
  const read = await get(location)
  expect(read.body).toMatchObject({ title: 'recorded', views: 1 })
  const list = (await get('/posts')).body as { title: string }[]
  expect(list.map((p) => p.title)).toContain('recorded')
})

it('checks bodies by the recorded schemas, every invalid field at once', async () => {
  const response = await fetch(
    `${served.url}/posts`,
    json({ title: 5, views: 'many', status: 'lost' }),
  )
  expect(response.status).toBe(422)
  const problem = (await response.json()) as { errors: { field: string }[] }
  expect(problem.errors.map((e) => e.field).sort()).toEqual([
    'status',
    'title',
    'views',
  ])
})

it('reads the relation from postId: a comment on no post is refused', async () => {
  const response = await fetch(
    `${served.url}/comments`,
    json({ text: 'orphan', postId: 'nope' }),
  )
  expect(response.status).toBe(422)
})

it('answers deletes as json-server did, and only where it saw them', async () => {
  expect(
    (await fetch(`${served.url}/comments/2`, { method: 'DELETE' })).status,
  ).toBe(200)
  expect(
    (await fetch(`${served.url}/posts/3`, { method: 'DELETE' })).status,
  ).toBe(405)
})

it("answers a plain list as a bare array and a paged one in json-server's envelope", async () => {
  const plain = (await get('/posts')).body as { id: string }[]
  expect(Array.isArray(plain)).toBe(true)
  const ids = plain.map((p) => p.id)
  const paged = await get('/posts?_page=1&_per_page=2')
  expect(paged.status).toBe(200)
  expect(paged.body).toMatchObject({
    data: ids.slice(0, 2).map((id) => ({ id })),
    items: plain.length,
  })
  const second = await get('/posts?_page=2&_per_page=2')
  expect(second.body).toMatchObject({
    data: ids.slice(2, 4).map((id) => ({ id })),
    items: plain.length,
  })
})

it('takes a PATCH sent as application/json, as json-server did, and merges it', async () => {
  const response = await fetch(
    `${served.url}/posts/3`,
    json({ views: 7 }, 'PATCH'),
  )
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({
    id: '3',
    title: 'a third title',
    views: 7,
  })
  expect((await get('/posts/3')).body).toMatchObject({ views: 7 })
})

it('honours Prefer: return=minimal on the recorded writes, as on any declared API', async () => {
  const minimal = (init: RequestInit): RequestInit => ({
    ...init,
    headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
  })
  const created = await fetch(
    `${served.url}/posts`,
    minimal(json({ title: 'quiet', views: 1, status: 'draft' })),
  )
  expect(created.status).toBe(201)
  expect(created.headers.get('preference-applied')).toBe('return=minimal')
  expect(created.headers.get('vary')).toMatch(/\bPrefer\b/)
  expect(await created.text()).toBe('')
  const location = created.headers.get('location')!
  const id = location.split('/').at(-1)!
  expect((await get(`/posts/${id}`)).body).toMatchObject({ title: 'quiet' })
  const replaced = await fetch(
    `${served.url}/posts/${id}`,
    minimal(json({ title: 'still quiet', views: 2, status: 'draft' }, 'PUT')),
  )
  expect(replaced.status).toBe(204)
  expect(replaced.headers.get('preference-applied')).toBe('return=minimal')
  expect(await replaced.text()).toBe('')
  const patched = await fetch(`${served.url}/posts/${id}`, {
    ...json({ views: 3 }, 'PATCH'),
    headers: {
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
  })
  expect(patched.status).toBe(200)
  expect(patched.headers.get('preference-applied')).toBe(
    'return=representation',
  )
  expect(await patched.json()).toMatchObject({ title: 'still quiet', views: 3 })
})

it('writes a report that names what it inferred and from how much', () => {
  expect(report).toContain('posts: from 7 exchange(s)')
  expect(report).toContain('merge patch (sent as application/json)')
  expect(report).toContain(
    'list: { items: data, total: items }, page paging (page=_page, perPage=_per_page); a bare array when no paging parameter is sent',
  )
  expect(report).toContain('relations: postId → posts')
  expect(readFileSync(path.join(out, 'record-report.txt'), 'utf8')).toBe(
    `${report}\n`,
  )
})
