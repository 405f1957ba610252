import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { createHandlers } from '../../src/msw/handlers.ts'
import { setupMockServer } from '../../src/msw/node.ts'

// msw's 'error' strategy makes fetch reject and prints why; keep the output quiet but seen.
const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(() => printed.mockClear())
afterAll(() => printed.mockRestore())

/** msw's unhandled-request strategy, not the network, refused it: fetch rejects and msw says why. */
async function refusedByMsw(url: string) {
  printed.mockClear()
  await expect(fetch(url)).rejects.toThrow()
  expect(printed.mock.calls.flat().join(' ')).toMatch(
    /without a matching request handler/,
  )
  expect(printed.mock.calls.flat().join(' ')).toContain(new URL(url).host)
}

describe('setupMockServer with onUnhandledFrame: error', () => {
  const { server } = setupMockServer()
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('answers its base and its control API at loopback origins', async () => {
    expect((await fetch('http://localhost/api')).status).toBe(200)
    expect((await fetch('http://127.0.0.1:5173/api')).status).toBe(200)
    expect((await fetch('http://localhost/__mock/clock')).status).toBe(200)
  })

  it('leaves a path outside the API unhandled, so msw refuses it', async () => {
    await refusedByMsw('http://localhost/not-api')
  })

  it('leaves the base on a host the options do not name unhandled', async () => {
    await refusedByMsw('http://example.test/api/orders')
    await refusedByMsw('http://example.test/__mock/state')
  })
})

describe('setupMockServer with the origins it answers named', () => {
  const { server } = setupMockServer({ origins: ['https://app.example.test'] })
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('answers the named origin only', async () => {
    expect((await fetch('https://app.example.test/api')).status).toBe(200)
    await refusedByMsw('http://localhost/api')
  })
})

describe('createHandlers beside the project’s own msw handlers', () => {
  const api = createMockApi()
  const server = setupServer(
    ...createHandlers(api),
    http.get('http://localhost/health', () => HttpResponse.text('ok')),
  )
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('lets a later handler answer what the mock does not own', async () => {
    expect(await (await fetch('http://localhost/health')).text()).toBe('ok')
    expect((await fetch('http://localhost/api')).status).toBe(200)
    await refusedByMsw('http://localhost/elsewhere')
  })
})

describe('setupMockServer given msw 2’s onUnhandledRequest under msw 3', () => {
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { server } = setupMockServer()
  afterAll(() => {
    server.close()
    warned.mockRestore()
  })

  it('warns once at listen: what failed, why, and the msw 3 name to use', () => {
    // msw 3 ignores the old name: the option cannot work, so listen says so.
    server.listen({ onUnhandledRequest: 'error' } as never)
    server.close()
    server.listen({ onUnhandledRequest: 'error' } as never)
    const messages = warned.mock.calls.map((call) => String(call[0]))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(
      /^\[hypermock\] Failed to apply server\.listen\(\{ onUnhandledRequest \}\): msw 3\.\d+\.\d+ renamed this msw 2 option and ignores it, so requests no handler owns reach the network\. Use server\.listen\(\{ onUnhandledFrame: "error" \}\)\.$/,
    )
  })

  it('says nothing for msw 3’s own name', () => {
    const quiet = setupMockServer().server
    warned.mockClear()
    quiet.listen({ onUnhandledFrame: 'error' })
    quiet.close()
    expect(warned).not.toHaveBeenCalled()
  })
})
