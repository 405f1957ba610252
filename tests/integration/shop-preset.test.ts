import { describe, expect, it } from 'vitest'
import { createMockApi as createEngineMockApi } from '../../src/mock-server/index.ts'
import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from '../../src/index.ts'
import { scenarios, shopApi } from '../../src/domains/shop/index.ts'

describe('the shop preset', () => {
  it('is what the root entry serves when no api is given', async () => {
    const api = createMockApi()
    expect(api.declaration).toBe(shopApi)
    const response = await api.fetch(
      new Request('http://localhost/api/orders/1', {
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    expect(response.status).toBe(200)
  })

  it('is a declaration like any other: served by name, where you mount it', async () => {
    // docs/guide/presets.md: serve the shop beside your own API
    const shop = createMockApi({
      api: shopApi,
      basePath: 'https://shop.example.test/api',
    })
    const response = await shop.fetch(
      new Request('https://shop.example.test/api/orders?status=pending', {
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    expect(response.status).toBe(200)
    expect(scenarios.map((scenario) => scenario.id)).toContain('happy-path')
  })

  it('extends into an API of your own: its resources beside yours', async () => {
    // docs/guide/presets.md: start from the shop's declaration
    const coupons = defineResource({
      schema: z.strictObject({ id: z.number(), code: z.string().min(1) }),
      seed: [{ id: 1, code: 'WELCOME' }],
    })
    const myShop = defineApi({
      ...shopApi,
      name: 'my-shop',
      resources: { ...shopApi.resources, coupons },
    })
    const api = createMockApi({ api: myShop })
    const root = await api.fetch(
      new Request('http://localhost/api', {
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    const body = (await root.json()) as { _links: Record<string, unknown> }
    expect(Object.keys(body._links)).toEqual(
      expect.arrayContaining(['orders', 'payments', 'coupons']),
    )
  })

  it('is not the engine’s default: the engine asks for a declaration', () => {
    expect(() =>
      createEngineMockApi({} as Parameters<typeof createEngineMockApi>[0]),
    ).toThrow(
      /Failed to create the mock API: api must be a declaration made with defineApi\(\)/,
    )
  })
})
