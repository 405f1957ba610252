import { describe, expect, it, vi } from 'vitest'
import {
  contractTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { auth, sendJson } from '../../support/request-init.ts'

/** Waits of the mock are recorded instead of slept: no test sleeps through real time. */
const waits: number[] = []
const sleep = vi.fn(async (ms: number) => {
  waits.push(ms)
})

describe.each(contractTargets)(
  'delay, hang and latency over $name',
  (factory) => {
    const target = useContractTarget(factory, { sleep })
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
