import { describe, expect, it, vi } from 'vitest'
import { createMockApi } from '../../../src/index.ts'
import {
  transportTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { auth, sendJson } from '../../support/request-init.ts'

const HANG_LIMIT_MS = 600_000

/**
 * Waits of the mock are recorded instead of slept: no test sleeps through real time. The hang's
 * 10-minute limit is the one wait that never passes here, unless it is cancelled.
 */
const waits: number[] = []
const sleep = vi.fn((ms: number, signal?: AbortSignal) => {
  if (ms !== HANG_LIMIT_MS) {
    waits.push(ms)
    return Promise.resolve()
  }
  return new Promise<void>((_, reject) =>
    signal?.addEventListener('abort', () => reject(signal.reason), {
      once: true,
    }),
  )
})

describe.each(transportTargets)(
  'delay, hang and latency over $name',
  (factory) => {
    const target = useContractTarget(factory, {
      sleep,
      hangLimitMs: HANG_LIMIT_MS,
    })
    const addRule = (rule: unknown) =>
      target.fetch('/__mock/faults', sendJson('POST', rule))

    it('waits `ms` for a delay fault, then answers normally', async () => {
      waits.length = 0
      await addRule({
        match: { path: '/api/orders/1' },
        effect: { kind: 'delay', ms: 1500 },
      })
      const response = await target.fetch('/api/orders/1', {
        headers: auth('customer-1-token'),
      })
      expect(response.status).toBe(200)
      expect(waits).toEqual([1500])
      const [entry] = target.api.journal.list().slice(-1)
      expect(entry?.fault).toMatch(/delay$/)
    })

    it('spends latencyMs on every API request', async () => {
      waits.length = 0
      target.api.config.update({ latencyMs: 250 })
      await target.fetch('/api')
      await target.fetch('/api/orders', { headers: auth('customer-1-token') })
      expect(waits).toEqual([250, 250])
    })

    it('never answers a hang until the caller aborts, and records it as a network error', async () => {
      await addRule({
        match: { path: '/api/orders' },
        effect: { kind: 'hang' },
        times: 1,
      })
      const controller = new AbortController()
      const pending = target.fetch('/api/orders', {
        headers: auth('customer-1-token'),
        signal: controller.signal,
      })
      let settled = false
      void pending.then(
        () => (settled = true),
        () => (settled = true),
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(settled).toBe(false)
      controller.abort()
      await expect(pending).rejects.toThrow()
      await vi.waitFor(() => {
        const hang = target.api.journal
          .list()
          .find((entry) => entry.fault?.endsWith('hang'))
        expect(hang?.status).toBe(0)
      })
      expect(
        (
          await target.fetch('/api/orders', {
            headers: auth('customer-1-token'),
          })
        ).status,
      ).toBe(200)
    })
  },
)

it('ends a hang after hangLimitMs when the caller cannot be seen to give up', async () => {
  const limits: number[] = []
  const api = createMockApi({
    hangLimitMs: 30_000,
    sleep: async (ms) => {
      limits.push(ms)
    },
  })
  api.faults.add({ effect: { kind: 'hang' }, times: 1 })
  // A signal that never aborts, as msw's browser worker hands to handlers.
  const response = await api.fetch(new Request('http://hypermock.test/api'))
  expect(response.type).toBe('error')
  expect(limits).toEqual([30_000])
  expect(api.journal.list()[0]).toMatchObject({
    status: 0,
    fault: 'fault-1 hang',
  })
})
