import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  ContractTarget,
  ContractTargetFactory,
} from '../../support/contract-target.ts'
import { contractTargets } from '../../support/contract-target.ts'
import {
  describedResponseErrors,
  prepareDescribedResponses,
} from '../../support/openapi-conformance.ts'
import { conventionsCases, type ConventionsCase } from './declarations.ts'

// The conventions, stated once and run over three declarations unlike each other, on msw and on the
// standalone server: nothing here knows a domain beyond the few facts each case gives.

interface Problem {
  type: string
  status: number
  errors?: { pointer?: string; detail?: string }[]
}

async function expectProblem(response: Response, status: number, slug: string) {
  expect(response.status, await response.clone().text()).toBe(status)
  expect(response.headers.get('Content-Type')).toBe('application/problem+json')
  const body = (await response.json()) as Problem
  expect(body.type).toMatch(new RegExp(`/problems/${slug}$`))
  expect(body.status).toBe(status)
  return body
}

const cases = contractTargets.flatMap((factory) =>
  conventionsCases.map(
    (c) => [`${c.name} over ${factory.name}`, factory, c] as const,
  ),
)

describe.each(cases)(
  'conventions: %s',
  (_, factory: ContractTargetFactory, c: ConventionsCase) => {
    let target: ContractTarget | undefined
    // Every answer is held against the API's own description: a status, header or body it does
    // not describe fails the test that got it.
    let drift: string[] = []
    beforeAll(async () => {
      // The targets are typed for the default (shop) mock; any declaration runs behind them.
      target = await factory.start({
        api: c.api as never,
        basePath: c.base || '/',
      })
      prepareDescribedResponses(target.api.basePath || '/', c.api)
    })
    afterEach(() => {
      target?.api.reset()
      const found = drift
      drift = []
      if (found.length > 0)
        throw new Error(
          `${c.name}: answers its description does not list:\n${found.join('\n')}`,
        )
    })
    afterAll(() => target?.close())

    const fetchChecked = async (path: string, init: RequestInit = {}) => {
      const response = await target!.fetch(path, init)
      drift.push(
        ...(await describedResponseErrors(
          target!.api.basePath || '/',
          init.method ?? 'GET',
          path,
          response.clone(),
          c.api,
        )),
      )
      return response
    }
    const send = (path: string, init: RequestInit = {}) =>
      fetchChecked(`${c.base}${path}`, {
        ...init,
        headers: { ...c.headers, ...(init.headers as Record<string, string>) },
      })
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
    })
    const item = `/${c.collection}/${c.itemId}`

    it('pages a list in an envelope, with the same links in a Link header', async () => {
      const response = await send(`/${c.collection}?perPage=1`)
      expect(response.status).toBe(200)
      const body = (await response.json()) as {
        items: unknown[]
        page: number
        perPage: number
        total: number
        _links: Record<string, { href: string }>
      }
      expect(body).toMatchObject({ page: 1, perPage: 1 })
      expect(body.items).toHaveLength(1)
      expect(body.total).toBeGreaterThan(1)
      expect(Object.keys(body._links)).toEqual(
        expect.arrayContaining(['self', 'first', 'last', 'next']),
      )
      expect(body._links).not.toHaveProperty('prev')
      const link = response.headers.get('Link') ?? ''
      expect(link).toContain(`<${body._links.next!.href}>; rel="next"`)
    })

    it('filters a list, and names every bad query parameter in one invalid-query', async () => {
      const response = await send(`/${c.collection}?${c.filter.query}`)
      const body = (await response.json()) as {
        items: Record<string, unknown>[]
      }
      expect(body.items.length).toBeGreaterThan(0)
      for (const row of body.items)
        expect(row[c.filter.member]).toBe(c.filter.value)
      const sorted = await send(`/${c.collection}?sort=-id`)
      expect(sorted.status).toBe(200)

      const bad = await send(`/${c.collection}?sort=nope&perPage=0&colour=red`)
      const problem = await expectProblem(bad, 400, 'invalid-query')
      expect(problem.errors?.length).toBe(3)
    })

    it('reads an item with a strong ETag, and answers 304 to a matching If-None-Match', async () => {
      const response = await send(item)
      expect(response.status).toBe(200)
      const etag = response.headers.get('ETag')
      expect(etag).toMatch(/^"[^"]+"$/)
      const again = await send(item, { headers: { 'If-None-Match': etag! } })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('ETag')).toBe(etag)
    })

    it('refuses a replacement with a stale If-Match: 412, and takes a fresh one', async () => {
      const etag = (await send(item)).headers.get('ETag')!
      const put = (ifMatch: string) =>
        send(item, {
          ...json(c.replace, { 'If-Match': ifMatch }),
          method: 'PUT',
        })
      await expectProblem(await put('"stale"'), 412, 'precondition-failed')
      const replaced = await put(etag)
      expect(replaced.status).toBe(200)
      expect(replaced.headers.get('ETag')).not.toBe(etag)
    })

    it('creates: 201 with a Location that reads the new item', async () => {
      const created = await send(`/${c.collection}`, json(c.create))
      expect(created.status).toBe(201)
      const location = created.headers.get('Location')!
      expect(location).toMatch(new RegExp(`${c.base}/${c.collection}/[^/]+$`))
      const read = await fetchChecked(
        new URL(location, target!.url('/')).pathname,
        {
          headers: c.headers,
        },
      )
      expect(read.status).toBe(200)
      expect(await read.json()).toEqual(await created.json())
    })

    it('answers 422 listing every invalid field at once', async () => {
      const response = await send(`/${c.collection}`, json(c.invalid.body))
      const problem = await expectProblem(response, 422, 'validation-failed')
      const pointers = (problem.errors ?? []).map((error) => error.pointer)
      for (const field of c.invalid.fields)
        expect(pointers).toContain(`#/${field}`)
    })

    it('answers 405 with Allow for a method the path lacks, HEAD with no body, OPTIONS with Allow', async () => {
      const wrong = await send(`/${c.collection}`, { method: 'DELETE' })
      await expectProblem(wrong, 405, 'method-not-allowed')
      expect(wrong.headers.get('Allow')).toMatch(/\bGET\b.*\bPOST\b/)

      const head = await send(item, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('ETag')).toBe(
        (await send(item)).headers.get('ETag'),
      )
      expect(await head.text()).toBe('')

      const options = await send(item, { method: 'OPTIONS' })
      expect(options.status).toBe(204)
      expect(options.headers.get('Allow')).toMatch(/\bGET\b/)
    })

    it('answers a 404 problem for an item that does not exist', async () => {
      await expectProblem(
        await send(`/${c.collection}/no-such-item-999`),
        404,
        'not-found',
      )
    })

    it('replays a repeated Idempotency-Key with Idempotent-Replayed', async () => {
      const key = { 'Idempotency-Key': 'conventions-1' }
      const first = await send(`/${c.collection}`, json(c.create, key))
      expect(first.status).toBe(201)
      const again = await send(`/${c.collection}`, json(c.create, key))
      expect(again.status).toBe(201)
      expect(again.headers.get('Idempotent-Replayed')).toBe('true')
      expect(again.headers.get('Location')).toBe(first.headers.get('Location'))
      expect(await again.text()).toBe(await first.text())
    })

    it('links an action only in a state that allows it, and answers 409 state-conflict out of it', async () => {
      const path = `/${c.transition.collection}/${c.transition.itemId}`
      const before = (await (await send(path)).json()) as {
        _links: Record<string, { href: string }>
      }
      const action = before._links[c.transition.rel]
      expect(action, `a "${c.transition.rel}" link`).toBeDefined()
      const actionPath = new URL(action!.href, target!.url('/')).pathname
      const done = await fetchChecked(actionPath, {
        method: 'POST',
        headers: c.headers,
      })
      expect(done.status).toBeLessThan(300)

      const after = (await (await send(path)).json()) as {
        _links: Record<string, unknown>
      }
      expect(after._links).not.toHaveProperty(c.transition.rel)
      const refused = await fetchChecked(actionPath, {
        method: 'POST',
        headers: c.headers,
      })
      await expectProblem(refused, 409, 'state-conflict')
    })

    it('deletes: 204 with no body, then 404', async () => {
      const deleted = await send(item, { method: 'DELETE' })
      expect(deleted.status).toBe(204)
      expect(await deleted.text()).toBe('')
      expect((await send(item)).status).toBe(404)
    })
  },
)
