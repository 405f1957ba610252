import createClient from 'openapi-fetch'
// Written by dialect-walks.test.ts from ./dialects/*.yaml, beside a copy of this file, where the
// walks are type-checked against them (the project's own type-check does not follow this file).
import type { paths as GidData } from './generated/gid-data.ts'
import type { paths as PutItems } from './generated/put-items.ts'
import type { paths as SidForm } from './generated/sid-form.ts'
import type { paths as TeamToken } from './generated/team-token.ts'

/**
 * What an app generated from each description does with one record: create it, find it in the
 * list (following the API's own paging), update it, read it back, delete it, and read it again.
 * Every type comes from the description; there is no cast, so a drift breaks the build.
 */
export interface Walk {
  /** The record as the create answered it. */
  created: { key: string; name: string | null | undefined }
  /** The keys the list gave, every page followed. */
  listed: string[]
  /** How many pages the list took. */
  pages: number
  /** The record as the read after the update answered it. */
  read: { key: string; name: string | null | undefined } | undefined
  deleted: number
  /** The read after the delete: its status and the API's own error body. */
  gone: { status: number; error: unknown }
}

const fail = (step: string, response: Response): never => {
  throw new Error(`${step} answered ${response.status}`)
}

/** Records keyed by `gid` in `{ data }`, paged by the `offset` token `next_page` carries. */
export async function walkTasks(baseUrl: string, token: string): Promise<Walk> {
  const client = createClient<GidData>({
    baseUrl,
    headers: { Authorization: `Bearer ${token}` },
  })
  const created = await client.POST('/tasks', {
    body: { data: { name: 'Buy catnip', notes: 'the good one' } },
  })
  const task = created.data?.data
  if (!task?.gid) return fail('POST /tasks', created.response)
  const listed: string[] = []
  let pages = 0
  let offset: string | undefined
  do {
    const page = await client.GET('/tasks', {
      params: { query: { limit: 4, ...(offset !== undefined && { offset }) } },
    })
    if (!page.data) return fail('GET /tasks', page.response)
    pages++
    for (const row of page.data.data ?? []) if (row.gid) listed.push(row.gid)
    offset = page.data.next_page?.offset
  } while (offset !== undefined && pages < 50)
  const path = { task_gid: task.gid }
  const updated = await client.PUT('/tasks/{task_gid}', {
    params: { path },
    body: { data: { name: 'Buy more catnip', completed: true } },
  })
  if (!updated.data) return fail('PUT /tasks/{task_gid}', updated.response)
  const read = await client.GET('/tasks/{task_gid}', { params: { path } })
  const readTask = read.data?.data
  const deleted = await client.DELETE('/tasks/{task_gid}', { params: { path } })
  const gone = await client.GET('/tasks/{task_gid}', { params: { path } })
  return {
    created: { key: task.gid, name: task.name },
    listed,
    pages,
    read: readTask?.gid
      ? { key: readTask.gid, name: readTask.name }
      : undefined,
    deleted: deleted.response.status,
    gone: { status: gone.response.status, error: gone.error },
  }
}

/**
 * `{Sid}` over snake_case members, created and updated by form bodies (the update a POST on the
 * item), with HTTP Basic credentials; the list paged by the `PageToken` its `meta` links carry.
 */
export async function walkRooms(
  baseUrl: string,
  account: string,
  secret: string,
): Promise<Walk> {
  const client = createClient<SidForm>({
    baseUrl,
    headers: { Authorization: `Basic ${btoa(`${account}:${secret}`)}` },
  })
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
  const created = await client.POST('/v1/Rooms', {
    body: { FriendlyName: 'Standup', MaxParticipants: 8 },
    headers: form,
  })
  const room = created.data
  if (!room?.sid) return fail('POST /v1/Rooms', created.response)
  // Page after page, by the PageToken of the URL `meta.next_page_url` gives, until it is gone.
  const listed: string[] = []
  let pages = 0
  let token: string | undefined
  do {
    const page = await client.GET('/v1/Rooms', {
      params: {
        query: {
          PageSize: 4,
          ...(token !== undefined && { PageToken: token }),
        },
      },
    })
    if (!page.data) return fail('GET /v1/Rooms', page.response)
    pages++
    for (const row of page.data.rooms ?? []) if (row.sid) listed.push(row.sid)
    const next = page.data.meta?.next_page_url
    token = next
      ? (new URL(next).searchParams.get('PageToken') ?? undefined)
      : undefined
  } while (token !== undefined && pages < 50)
  const path = { Sid: room.sid }
  const updated = await client.POST('/v1/Rooms/{Sid}', {
    params: { path },
    body: { FriendlyName: 'Retro' },
    headers: form,
  })
  if (!updated.data) return fail('POST /v1/Rooms/{Sid}', updated.response)
  const read = await client.GET('/v1/Rooms/{Sid}', { params: { path } })
  const deleted = await client.DELETE('/v1/Rooms/{Sid}', { params: { path } })
  const gone = await client.GET('/v1/Rooms/{Sid}', { params: { path } })
  return {
    created: { key: room.sid, name: room.friendly_name },
    listed,
    pages,
    read: read.data?.sid
      ? { key: read.data.sid, name: read.data.friendly_name }
      : undefined,
    deleted: deleted.response.status,
    gone: { status: gone.response.status, error: gone.error },
  }
}

/** Created by PUT on the collection, each record answered as `{ Items: [ … ] }`, an API key header. */
export async function walkShelves(baseUrl: string, key: string): Promise<Walk> {
  const client = createClient<PutItems>({
    baseUrl,
    headers: { 'X-Api-Key': key },
  })
  const created = await client.PUT('/Shelves', {
    body: { Name: 'Poetry', Capacity: 40 },
  })
  const shelf = created.data?.Items?.[0]
  if (!shelf) return fail('PUT /Shelves', created.response)
  const list = await client.GET('/Shelves')
  if (!list.data) return fail('GET /Shelves', list.response)
  const listed = (list.data.Items ?? []).map((row) => row.ShelfId)
  const path = { ShelfId: shelf.ShelfId }
  const updated = await client.POST('/Shelves/{ShelfId}', {
    params: { path },
    body: { Name: 'Poetry and plays', Capacity: 60 },
  })
  if (!updated.data) return fail('POST /Shelves/{ShelfId}', updated.response)
  const read = await client.GET('/Shelves/{ShelfId}', { params: { path } })
  const readShelf = read.data?.Items?.[0]
  const deleted = await client.DELETE('/Shelves/{ShelfId}', {
    params: { path },
  })
  const gone = await client.GET('/Shelves/{ShelfId}', { params: { path } })
  return {
    created: { key: shelf.ShelfId, name: shelf.Name },
    listed,
    pages: 1,
    read: readShelf && { key: readShelf.ShelfId, name: readShelf.Name },
    deleted: deleted.response.status,
    gone: { status: gone.response.status, error: gone.error },
  }
}

/**
 * Records wrapped as `{ team: { … } }`, paged by offset with `{ limit, offset, more, total }`,
 * credentials as `Authorization: Token token=<key>`.
 */
export async function walkTeams(baseUrl: string, key: string): Promise<Walk> {
  const client = createClient<TeamToken>({
    baseUrl,
    headers: { Authorization: `Token token=${key}` },
  })
  const created = await client.POST('/teams', {
    body: { team: { type: 'team', name: 'Night shift' } },
  })
  const team = created.data?.team
  if (!team?.id) return fail('POST /teams', created.response)
  const listed: string[] = []
  let pages = 0
  let offset = 0
  for (;;) {
    const page = await client.GET('/teams', {
      params: { query: { limit: 4, offset, total: true } },
    })
    if (!page.data) return fail('GET /teams', page.response)
    pages++
    for (const row of page.data.teams) if (row.id) listed.push(row.id)
    if (!page.data.more || pages >= 50) break
    offset += page.data.teams.length
  }
  const path = { id: team.id }
  const updated = await client.PUT('/teams/{id}', {
    params: { path },
    body: { team: { type: 'team', name: 'Day shift' } },
  })
  if (!updated.data) return fail('PUT /teams/{id}', updated.response)
  const read = await client.GET('/teams/{id}', { params: { path } })
  const deleted = await client.DELETE('/teams/{id}', { params: { path } })
  const gone = await client.GET('/teams/{id}', { params: { path } })
  return {
    created: { key: team.id, name: team.name },
    listed,
    pages,
    read: read.data?.team.id
      ? { key: read.data.team.id, name: read.data.team.name }
      : undefined,
    deleted: deleted.response.status,
    gone: { status: gone.response.status, error: gone.error },
  }
}
